// What the example engines share: the protocol's request loop (conformance/PROTOCOL.md), the
// three ways an action fails, the card list shorthand and the Beanometers. Each engine brings
// its own game (a class with `fromState(state)`, `setup(request)`, and on a game `apply(action)`,
// the state `s` and the `events` an action caused) and its handshake.
'use strict';
const readline = require('readline');

// The rules refuse an action (a rule id and why); the request is not an action at all; the
// engine does not play this game or option.
class Reject extends Error { constructor(rule, reason) { super(reason); this.rule = rule; this.reason = reason; } }
class Malformed extends Error {}
class Unsupported extends Error {}

// least number of cards earning 1, 2, 3, 4 coins (SCENARIOS.md, the Beanometers)
const METER = {
  blue: [4, 6, 8, 10], fire: [3, 6, 8, 9], broad: [3, 5, 7, 8], green: [3, 5, 6, 7],
  soy: [2, 4, 6, 7], black_eyed: [2, 4, 5, 6], red: [2, 3, 4, 5], garden: [null, 2, 3, null],
  jumping: [],
};

function coinsFor(variety, n) {
  const m = METER[variety];
  if (!m) return 0;
  let c = 0;
  m.forEach((th, i) => { if (th !== null && n >= th) c = i + 1; });
  return c;
}

// `blue*3` is three blue cards (SCENARIOS.md, "Cards and piles")
function expand(cards) {
  const out = [];
  for (const c of cards || []) {
    const m = /^([a-z_][a-z0-9_]*)\*([0-9]+)$/.exec(c);
    if (m) for (let i = 0; i < +m[2]; i++) out.push(m[1]);
    else out.push(c);
  }
  return out;
}

function clone(x) { return JSON.parse(JSON.stringify(x)); }

// The shape checks of an action's parameters: a wrong shape is no action at all (Malformed),
// told apart from what the rules refuse (Reject).
function parseRef(ref) {
  const m = /^([a-z_][a-z0-9_]*) ([0-9]+)$/.exec(ref);
  if (!m) throw new Malformed(`bad card reference ${JSON.stringify(ref)}`);
  return { zone: m[1], n: parseInt(m[2], 10) };
}
function needInt(a, k) { if (!Number.isInteger(a[k])) throw new Malformed(`parameter ${k} must be an integer`); }
function needRef(a, k) {
  if (typeof a[k] !== 'string' || !/^[a-z_][a-z0-9_]* [0-9]+$/.test(a[k])) throw new Malformed(`parameter ${k} must be a card reference`);
}
function needRefs(a, k) {
  if (!Array.isArray(a[k])) throw new Malformed(`parameter ${k} must be a list of card references`);
  for (const r of a[k]) if (typeof r !== 'string' || !/^[a-z_][a-z0-9_]* [0-9]+$/.test(r)) throw new Malformed(`bad reference in ${k}`);
}
function needSpace(g, a, k) {
  if (typeof a[k] !== 'string') throw new Malformed(`parameter ${k} must be a space id (a string)`);
  if (!g.map.ids.includes(a[k])) throw new Malformed(`no space ${a[k]} on the map`);
}
function allowOnly(a, keys) {
  for (const k of Object.keys(a)) if (!['type', 'player', ...keys].includes(k)) throw new Malformed(`action ${a.type} has no parameter ${k}`);
}
// a card fits a field that is empty or holds its variety
function fits(field, card) { return field.length === 0 || field.every(c => c === card); }

// Answer the protocol's requests, one JSON object a line, until `bye` or the end of the input.
// `hello` is the handshake's reply without its id and type; `Game` the engine's game class.
function serve(hello, Game) {
  let game = null;
  const out = obj => process.stdout.write(JSON.stringify(obj) + '\n');

  function handle(req) {
    const id = req.id;
    switch (req.type) {
      case 'hello':
        // Each request is answered in turn, whatever came before (an `apply` with no game is an
        // error), with the state in every reply: the runner may send ahead (PROTOCOL.md, pipelining).
        return { id, type: 'hello', protocol: Math.min(2, req.protocol || 1), ...hello,
                 capabilities: { ...hello.capabilities, pipelining: true } };
      case 'load':
        try { game = Game.fromState(req.state); } catch (e) {
          if (e instanceof Unsupported) return { id, type: 'unsupported', reason: e.message };
          throw e;
        }
        return { id, type: 'ok', state: game.s };
      case 'setup':
        try { game = Game.setup(req); } catch (e) {
          if (e instanceof Reject) { game = null; return { id, type: 'rejected', rule: e.rule, reason: e.reason }; }
          if (e instanceof Unsupported) return { id, type: 'unsupported', reason: e.message };
          throw e;
        }
        { const ev = game.events; game.events = []; return { id, type: 'ok', events: ev, state: game.s }; }
      case 'apply': {
        if (!game) return { id, type: 'error', message: 'no game loaded' };
        // A refused action leaves the state as it was: the copy taken before is put back.
        const before = clone(game.s);
        game.events = [];
        try {
          game.apply(req.action);
        } catch (e) {
          game.s = before;
          game.events = [];
          if (e instanceof Reject) return { id, type: 'rejected', rule: e.rule, reason: e.reason, state: game.s };
          if (e instanceof Malformed) return { id, type: 'error', message: e.message };
          throw e;
        }
        const ev = game.events; game.events = [];
        return { id, type: 'accepted', events: ev, state: game.s };
      }
      case 'state':
        if (!game) return { id, type: 'error', message: 'no game loaded' };
        return { id, type: 'state', state: game.s };
      case 'bye':
        return { id, type: 'bye' };
      default:
        return { id, type: 'error', message: `unknown request type ${req.type}` };
    }
  }

  const rl = readline.createInterface({ input: process.stdin, terminal: false });
  rl.on('line', line => {
    if (!line.trim()) return;
    let req;
    try { req = JSON.parse(line); } catch (e) { out({ id: null, type: 'error', message: 'not JSON' }); return; }
    let reply;
    try { reply = handle(req); } catch (e) {
      // A bug of the engine: said on standard error, answered as an error, and the run goes on.
      process.stderr.write(`engine error: ${e.stack}\n`);
      reply = { id: req.id, type: 'error', message: String(e.message || e) };
    }
    out(reply);
    if (req.type === 'bye') { rl.close(); process.exit(0); }
  });
  rl.on('close', () => process.exit(0));
}

module.exports = {
  Reject, Malformed, Unsupported, METER, coinsFor, expand, clone, serve,
  parseRef, needInt, needRef, needRefs, needSpace, allowOnly, fits,
};
