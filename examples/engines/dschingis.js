#!/usr/bin/env node
// A Dschingis Bohn engine (`modules: [base, dschingis]`) speaking the bohnspec JSON-lines
// protocol, version 2: the base game's turn with the bean realm on top of it (landscapes,
// tokens, combat with hand, stack and riders, rivers, carts, gemstone fields, plantations,
// villages, the plundering variant, the beginners' layouts and maps given inline).
//
// How it was written: from the rulebooks (/work/shared/rulebooks/dschingis.md and bohnanza.md),
// conformance/PROTOCOL.md and conformance/SCENARIOS.md ("Games on a map", "Dschingis Bohn"),
// the texts of the rulings (`bohnspec explain RULING-ID`) and the verdicts of `bohnspec conform`,
// without reading bohnspec's own rules (spec/) or its interpreter. The base game's turn and
// actions are base-game.js's, what the two war games share (the map, income, the attack step
// and its combat, the end by points) war.js's; this file is what Dschingis Bohn adds and
// changes. Where a scenario needed something the docs do not say, a comment marked "DOC GAP"
// says what.
//
// Run:
//   bohnspec conform --impl "node examples/engines/dschingis.js" conformance/scenarios/dschingis
'use strict';
const { Reject, Unsupported, expand, serve, parseRef, needRef, needSpace, allowOnly } = require('./common.js');
const { BASE_ACTIONS, guard, playerState, turnState, baseVars, dealHands } = require('./base-game.js');
const { WarGame, WAR_ACTIONS, TOKENS, buildMap } = require('./war.js');

// ---------------------------------------------------------------- card facts
// The landscapes (SCENARIOS.md, "The realm"): cards in the box, points, the defender's floor,
// and what else they do.
const LANDSCAPES = {
  camp: { count: 5, points: 1, floor: 0 },
  town: { count: 3, points: 3, floor: 18, shelter: true },
  village: { count: 3, points: 1, floor: 16, draws: true },
  plantation: { count: 3, points: 1, floor: 0, reveals: true },
  steppe: { count: 3, points: 1, floor: 0, mounted: true },
  forest: { count: 3, points: 1, floor: 17, crossing: true, shelter: true },
  gemstone: { count: 2, points: 1, floor: 0, income: true },
  river: { count: 2, points: 0, floor: 0, barrier: true },
};
const LAST_EXHAUSTION = { three: 3, four: 4, five: 5 };

// Cards the random layout puts back, in the order of dschingis/setup/2 to /4, each on top of
// the box. DOC GAP: SCENARIOS.md lists the kinds in this order but does not say that they go
// back in it, each on top; the order was read from the scenarios' boxes.
const PUT_BACK = {
  3: ['camp', 'camp', 'river', 'river', 'town'],
  4: ['camp', 'forest', 'village', 'plantation', 'town'],
  5: ['river', 'forest', 'town', 'village', 'plantation'],
};

// The printed boards: rows of 3, 4, 5, 4 and 3 cards, shifted by half a card (SCENARIOS.md).
const SHIFTS = [2, 1, 0, 1, 2];
function realmRows(cells) {
  const rows = [];
  let i = 0;
  for (const [r, n] of [3, 4, 5, 4, 3].entries()) { rows.push([SHIFTS[r], ...cells.slice(i, i + n)]); i += n; }
  return { geometry: 'offset', rows };
}
function dealtRealm(campSpaces) {
  const cells = [];
  for (let k = 1; k <= 19; k++) cells.push(campSpaces.includes(k) ? 'camp' : '*');
  return realmRows(cells);
}
const BOARDS = {
  realm_3: dealtRealm([2, 13, 16]),
  realm_4: dealtRealm([2, 8, 12, 18]),
  realm_5: dealtRealm([1, 3, 10, 17, 19]),
  beginner_3: realmRows(['steppe', 'camp', 'gemstone', 'forest', 'plantation', 'village', 'forest', 'camp', 'village',
    'forest', 'plantation', 'camp', 'steppe', 'plantation', 'village', 'steppe', 'town', 'gemstone', 'town']),
  beginner_4: realmRows(['steppe', 'town', 'camp', 'gemstone', 'forest', 'village', 'river', 'camp', 'village', 'steppe',
    'plantation', 'camp', 'river', 'plantation', 'forest', 'gemstone', 'camp', 'town', 'steppe']),
  beginner_5: realmRows(['camp', 'town', 'camp', 'steppe', 'village', 'plantation', 'forest', 'gemstone', 'forest', 'camp',
    'steppe', 'gemstone', 'steppe', 'plantation', 'village', 'forest', 'camp', 'town', 'camp']),
};

// ---------------------------------------------------------------- maps
function defaultBoard(n, options) { return `${options.layout === 'beginner' ? 'beginner' : 'realm'}_${n}`; }

// ---------------------------------------------------------------- the game
// The turn is the base game's with the war games' additions (war.js); below, what Dschingis
// Bohn's rules change.
class Game extends WarGame {
  constructor(s) { super(s, BOARDS); }

  get cards() { return LANDSCAPES; }
  get actions() { return ACTIONS; }
  get campRule() { return 'dschingis/setup/12'; }

  static fromState(st) {
    const mods = st.modules || ['base', 'dschingis'];
    for (const m of mods) if (!['base', 'dschingis', 'war'].includes(m)) throw new Unsupported(`this engine plays only Dschingis Bohn, not '${m}'`);
    // `base` is claimed because Dschingis Bohn requires it, not because the base game alone is played here
    if (!mods.includes('dschingis')) throw new Unsupported('this engine plays Dschingis Bohn, not the base game alone');
    const options = Object.assign({ beans: 'garden', layout: 'random', plunder: 'off', passes: 'three' }, st.options || {});
    if (!['garden', 'jumping'].includes(options.beans)) throw new Unsupported(`unknown beans option ${options.beans}`);
    const players = st.players.map(p => ({
      ...playerState(p, 2),
      front: expand(p.front), cart: expand(p.cart), plunder: expand(p.plunder),
      vars: Object.assign({ has_cart: false, plunder_owed: 0 }, p.vars || {}),
    }));
    const board = st.board || defaultBoard(players.length, options);
    const map = buildMap(board, BOARDS);
    const spaces = {};
    for (const id of map.ids) {
      const given = (st.spaces || {})[id] || {};
      const printed = map.cell[id] === '*' ? null : map.cell[id];
      spaces[id] = Object.assign({ card: printed, owner: null, ready: true, burnt: false }, given);
    }
    const s = {
      modules: ['base', 'dschingis'].concat(mods.includes('war') ? ['war'] : []),
      options,
      ...turnState(st, players),
      board, spaces,
      neutral_front: expand(st.neutral_front), landscapes: expand(st.landscapes), box: expand(st.box),
      vars: Object.assign(baseVars(), { battle: null, horde: null, to_take: 0, landless: null }, st.vars || {}),
      over: !!st.over, winners: st.winners || [],
    };
    return new Game(s);
  }

  // A new game (SCENARIOS.md, "A new game"): beans dealt as in the base game, the landscapes
  // laid (ruling/dschingis-deal), then the camp choice to the right of the starting player.
  static setup(req) {
    const names = req.players;
    const mods = req.modules || ['base', 'dschingis'];
    for (const m of mods) if (!['base', 'dschingis', 'war'].includes(m)) throw new Unsupported(`this engine plays only Dschingis Bohn, not '${m}'`);
    // `base` is claimed because Dschingis Bohn requires it, not because the base game alone is played here
    if (!mods.includes('dschingis')) throw new Unsupported('this engine plays Dschingis Bohn, not the base game alone');
    if (names.length < 3 || names.length > 5) throw new Reject('ruling/dschingis-table', `Dschingis Bohn is for 3 to 5 players, not ${names.length}`);
    const options = Object.assign({ beans: 'garden', layout: 'random', plunder: 'off', passes: 'three' }, req.options || {});
    const deck = expand(req.deck);
    // beginning with the starting player (ruling/deal-order)
    const players = dealHands(names, deck, 2);
    const board = req.board || defaultBoard(names.length, options);
    const { spaces, box } = Game.layLandscapes(buildMap(board, BOARDS), expand((req.zones || {}).landscapes), names.length, options);
    const g = Game.fromState({ modules: mods, players, options, draw_pile: deck, board, spaces, box, phase: 'camps' });
    g.s.vars.choice = 'camp';
    g.s.vars.chooser = g.right(names[0]);
    return g;
  }

  // ruling/dschingis-deal: the random layout puts its cards back first (each the first of its
  // kind in the shuffled deck); then the map's own cards are laid (the first of their kind
  // left), and the rest are dealt in deck order onto the other spaces; camps lie only on camp
  // spaces (SCENARIOS.md). What is left goes into the box, one card at a time, each on top.
  static layLandscapes(map, deck, n, options) {
    const box = [];
    const camps = map.ids.filter(id => map.cell[id] === 'camp');
    if (camps.length !== n) throw new Reject('dschingis/setup/12', `the map lays ${camps.length} camps for ${n} players`);
    const takeKind = (kind, rule) => {
      const i = deck.indexOf(kind);
      if (i < 0) throw new Reject(rule, `no ${kind} is left for the map`);
      return deck.splice(i, 1)[0];
    };
    if (options.layout !== 'beginner') for (const k of PUT_BACK[n]) box.unshift(takeKind(k, 'dschingis/setup/1'));
    const spaces = {};
    for (const id of map.ids) if (map.cell[id] !== '*') spaces[id] = { card: takeKind(map.cell[id], 'dschingis/setup/1') };
    // DOC GAP: SCENARIOS.md ("What is left goes into the box, one card at a time") and
    // ruling/dschingis-deal read as: every leftover, camps too, in deck order. The reference puts
    // the camps the map does not lay back first, before the deal, so they lie under the other
    // leftovers (a beginners' board for three or four leaves two or one); followed here.
    const spare = deck.filter(c => c === 'camp');
    for (const c of spare) box.unshift(c);
    const rest = deck.filter(c => c !== 'camp');
    for (const id of map.ids) {
      if (map.cell[id] !== '*') continue;
      if (!rest.length) throw new Reject('dschingis/setup/1', 'the map has more spaces than there are landscape cards');
      spaces[id] = { card: rest.shift() };
    }
    for (const c of rest) box.unshift(c);
    return { spaces, box };
  }

  get lastExhaustion() { return LAST_EXHAUSTION[this.s.options.passes] || 3; }

  // ---- the realm
  // the floor a landscape's defender fights with at least; none on a burnt town
  floorOf(id) { return this.s.spaces[id].burnt ? 0 : super.floorOf(id); }

  points(p) {
    let n = p.plunder.length + p.vars.plunder_owed;
    for (const id of this.owned(p.name)) {
      const sp = this.s.spaces[id];
      n += sp.card === 'town' && sp.burnt ? 1 : this.land(id).points || 0;
    }
    return n;
  }

  // ---- the cart (dschingis/carts/3): phase 4's cards go into it
  storeOf(p) { return p.vars.has_cart ? p.cart : null; }
  get storeChoice() { return 'cart'; }

  // ---- the camps (dschingis/setup/12)
  // the next chooser is to the right; the starting player takes the camp left over
  // (ruling/last-camp-automatic) and his first turn begins
  campChosen(p) {
    const s = this.s;
    const next = this.right(p.name);
    if (next !== s.starting_player) { s.vars.chooser = next; return; }
    this.lastCamp(next);
    this.startTurn(s.starting_player);
  }

  // ---- combat (dschingis/combat/3 to /17, SCENARIOS.md "A combat")
  // a combat card named `hand N` or `draw_pile 1`; another zone is refused by the rule of the
  // attacker's card or the defender's
  parseCombatCard(p, ref, side) {
    const rule = side === 'defend' ? 'dschingis/combat/15' : 'dschingis/combat/11';
    const r = parseRef(ref);
    if (r.zone === 'hand') {
      if (r.n < 1 || r.n > p.hand.length) throw new Reject('ruling/no-such-card', `no card ${ref} in your hand`);
      return r;
    }
    if (r.zone === 'draw_pile' && r.n === 1) return r;
    throw new Reject(rule, `a combat card comes from the hand or the top of the stack, not ${ref}`);
  }

  // lay the card into the front (a stack card is taken now)
  layCard(p, r) {
    if (r.zone === 'hand') { p.front.push(p.hand.splice(r.n - 1, 1)[0]); return; }
    const c = this.stackCard();
    if (c !== null) p.front.push(c);
  }

  // an unburnt town conquered may be plundered (dschingis/variants/2)
  afterConquest(attacker, target) {
    const s = this.s;
    if (s.options.plunder === 'on' && s.spaces[target].card === 'town' && !s.spaces[target].burnt) {
      s.vars.choice = 'plunder'; s.vars.chooser = attacker.name;
      return;
    }
    super.afterConquest(attacker, target);
  }

  // ---- the end
  // after each action, once no choice is pending: the last running out (cut short), or a
  // player who lost his last landscape (ruling/end-after-last-landscape). Every field is then
  // harvested, the coins count nothing and most points win (dschingis/object/1, ruling/war-ties).
  maybeEnd() {
    const s = this.s;
    if (s.over || s.vars.choice !== null) return;
    if (s.vars.cut_short || s.vars.landless !== null) this.gameOver();
  }

  // What a pending choice or the game's end leaves open (SCENARIOS.md, the Dschingis Bohn
  // refusals): the camp choice, a draft, a combat, a cart being picked from.
  gate(a, p) {
    super.gate(a, p);
    const v = this.s.vars;
    if (['defend', 'second_round', 'plunder'].includes(v.choice)
      && !['defend', 'follow_up', 'harvest', 'burn_town', 'spare_town'].includes(a.type)) throw new Reject('ruling/combat-first', 'a combat is under way');
    if (v.choice === 'cart' && a.type !== 'take_from_cart' && a.type !== 'harvest') throw new Reject('dschingis/carts/3', 'the cards in the cart are taken first');
  }
}

// ---------------------------------------------------------------- action helpers

// The checks an attack and a charge share, in the order of SCENARIOS.md's refusal table.
function checkAttack(g, p, target) {
  const s = g.s;
  if (s.phase !== 'attack' || s.active !== p.name) throw new Reject('dschingis/combat/2', 'only the active player attacks, in the attack step');
  if (p.coins.length === 0) throw new Reject('dschingis/combat/1', 'each attack costs a coin');
  if (g.owned(p.name).length >= TOKENS) throw new Reject('ruling/no-token-no-attack', 'no token is left');
  if (g.isRiver(target)) throw new Reject('dschingis/landscapes/7', 'a river cannot be attacked');
  if (s.spaces[target].owner === p.name) throw new Reject('ruling/no-attack-on-own', 'the landscape is yours');
  if (!g.reachable(p.name, target)) throw new Reject('dschingis/combat/5', `${target} is not next to a landscape of yours`);
}

// The base game's actions and the camp choice, and those of Dschingis Bohn's own; a draw in the
// attack step is refused whoever asks (SCENARIOS.md's refusal table: `draw` in phase `attack`).
const ACTIONS = {
  ...BASE_ACTIONS,
  ...WAR_ACTIONS,
  draw: guard(BASE_ACTIONS.draw, g => {
    if (g.s.phase === 'attack') throw new Reject('dschingis/combat/2', 'the attack step comes first: end it, then draw');
  }),

  // ---- Dschingis Bohn's own actions
  attack: {
    check(g, a) { allowOnly(a, ['target', 'with']); needSpace(g, a, 'target'); needRef(a, 'with'); },
    run(g, p, a) {
      checkAttack(g, p, a.target);
      const r = g.parseCombatCard(p, a.with, 'attack');
      g.openCombat(p, a.target, null);
      g.layCard(p, r);
      g.awaitDefence();
    },
  },
  charge: {
    check(g, a) { allowOnly(a, ['target', 'riders']); needSpace(g, a, 'target'); needSpace(g, a, 'riders'); },
    run(g, p, a) {
      const s = g.s;
      checkAttack(g, p, a.target);
      const steppe = s.spaces[a.riders];
      if (steppe.card !== 'steppe' || steppe.owner !== p.name) throw new Reject('dschingis/landscapes/5', `you do not control riders on ${a.riders}`);
      if (!steppe.ready) throw new Reject('dschingis/riders/6', 'these riders were defeated this turn');
      const t = s.spaces[a.target];
      if (t.card === 'forest' || (t.card === 'town' && !t.burnt)) throw new Reject('dschingis/riders/9', 'riders attack no forest and no town');
      g.openCombat(p, a.target, a.riders);
      g.awaitDefence();
    },
  },
  burn_town: {
    check(g, a) { allowOnly(a, []); },
    run(g, p, a) {
      const s = g.s;
      if (s.vars.choice !== 'plunder' || s.vars.chooser !== p.name) throw new Reject('ruling/plunder-at-conquest', 'you have no town to plunder');
      // the town is turned over; the plunderer takes a card put back at setup (dschingis/variants/2)
      s.spaces[s.vars.battle].burnt = true;
      // with the box empty the point counts all the same (ruling/plunder-at-conquest)
      if (s.box.length) p.plunder.unshift(s.box.shift()); else p.vars.plunder_owed += 1;
      g.emit({ event: 'town_burnt', player: p.name, target: s.vars.battle });
      g.endCombat();
    },
  },
  spare_town: {
    check(g, a) { allowOnly(a, []); },
    run(g, p, a) {
      const s = g.s;
      if (s.vars.choice !== 'plunder' || s.vars.chooser !== p.name) throw new Reject('ruling/plunder-at-conquest', 'you have no town to plunder');
      g.endCombat();
    },
  },
  buy_cart: {
    check(g, a) { allowOnly(a, []); },
    run(g, p, a) {
      const s = g.s;
      if (p.vars.has_cart) throw new Reject('dschingis/carts/1', 'a cart is bought once in the game');
      if (!g.ownsKind(p.name, 'forest')) throw new Reject('dschingis/carts/1', 'a cart needs a forest');
      if (p.coins.length < 3) throw new Reject('dschingis/carts/1', 'a cart costs three coins');
      g.payCoins(p, 3);
      p.vars.has_cart = true;
      g.emit({ event: 'cart_bought', player: p.name });
      g.fillStore(p);
    },
  },
  take_from_cart: {
    check(g, a) { allowOnly(a, ['card']); needRef(a, 'card'); },
    run(g, p, a) {
      const s = g.s;
      if (s.vars.choice !== 'cart' || s.vars.chooser !== p.name) throw new Reject('dschingis/carts/3', 'you have no cards to take from a cart');
      const r = parseRef(a.card);
      if (r.zone !== 'cart' || r.n < 1 || r.n > p.cart.length) throw new Reject('ruling/no-such-card', `no card ${a.card} in your cart`);
      g.takeFromStore(p, r.n);
    },
  },
};

// ---------------------------------------------------------------- protocol
serve({
  engine: { name: 'dschingis-js', version: '0.1', language: 'javascript' },
  capabilities: {
    modules: ['base', 'dschingis'], rule_ids: true, events: true, legal_actions: false,
    options: { beans: ['garden', 'jumping'], layout: ['random', 'beginner'], plunder: ['off', 'on'], passes: ['three', 'four', 'five'] },
    internal_state: false,
  },
}, Game);
