#!/usr/bin/env node
// A Dschingis Bohn engine (`modules: [base, dschingis]`) speaking the bohnspec JSON-lines
// protocol, version 2: the base game's turn with the bean realm on top of it (landscapes,
// tokens, combat with hand, stack and riders, rivers, carts, gemstone fields, plantations,
// villages, the plundering variant, the beginners' layouts and maps given inline).
//
// How it was written: from the rulebooks (/work/shared/rulebooks/dschingis.md and bohnanza.md),
// conformance/PROTOCOL.md and conformance/SCENARIOS.md ("Games on a map", "Dschingis Bohn"),
// the texts of the rulings (`bohnspec explain RULING-ID`) and the verdicts of `bohnspec conform`,
// without reading bohnspec's own rules (spec/) or its interpreter. The base game's parts were
// copied from examples/engines/bohnanza.js, written the same way. Where a scenario needed
// something the docs do not say, a comment marked "DOC GAP" says what.
//
// Run:
//   bohnspec conform --impl "node examples/engines/dschingis.js" conformance/scenarios/dschingis
'use strict';
const {
  Reject, Malformed, Unsupported, METER, coinsFor, expand, clone, serve, parseRef, needInt, needRef, needRefs, needSpace, allowOnly, fits,
} = require('./common.js');

// ---------------------------------------------------------------- card facts
// a bean card's combat value is its number: how many of it the box holds
const VALUE = { blue: 20, fire: 18, broad: 16, green: 14, soy: 12, black_eyed: 10, red: 8, garden: 6, jumping: 6 };

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
const TOKENS = 12;                       // each player's tokens
const RIDERS_VALUE = 17;                 // dschingis/riders/3
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
// A map: its spaces in board order, the card each lays ('*': dealt at setup) and who touches
// whom (docs/LANGUAGE.md, "Maps"; SCENARIOS.md, "Games on a map").
function buildMap(board) {
  const def = typeof board === 'string' ? BOARDS[board] : board;
  if (!def) throw new Unsupported(`unknown board ${board}`);
  const ids = [], cell = {}, nbrs = {};
  const link = (a, b) => { if (!nbrs[a].includes(b)) nbrs[a].push(b); if (!nbrs[b].includes(a)) nbrs[b].push(a); };
  if (def.geometry === 'graph') {
    const sp = def.spaces || [];
    for (const id of Array.isArray(sp) ? sp : Object.keys(sp)) {
      ids.push(id); cell[id] = Array.isArray(sp) ? '*' : sp[id]; nbrs[id] = [];
    }
    for (const [a, b] of def.edges || []) link(a, b);
  } else {
    // rows top first; a cell at position j of a row with shift s covers half cards s+2j to s+2j+2
    const placed = [];
    let n = 0;
    const width = String(def.rows.reduce((k, r) => k + r.slice(1).filter(c => c !== '-').length, 0)).length;
    def.rows.forEach((row, r) => {
      const shift = def.geometry === 'grid' ? 0 : row[0];
      row.slice(1).forEach((c, j) => {
        if (c === '-') return;
        n += 1;
        const id = String(n).padStart(Math.max(2, width), '0');
        ids.push(id); cell[id] = c; nbrs[id] = [];
        placed.push({ id, r, j, x: shift + 2 * j });
      });
    });
    for (const a of placed) for (const b of placed) {
      if (a.id >= b.id) continue;
      const touch = def.geometry === 'grid'
        ? (a.r === b.r && Math.abs(a.j - b.j) === 1) || (Math.abs(a.r - b.r) === 1 && a.j === b.j)
        : (a.r === b.r && Math.abs(a.j - b.j) === 1) || (Math.abs(a.r - b.r) === 1 && Math.abs(a.x - b.x) < 2);
      if (touch) link(a.id, b.id);
    }
  }
  // neighbours come in board order
  for (const id of ids) nbrs[id].sort((a, b) => ids.indexOf(a) - ids.indexOf(b));
  return { ids, cell, nbrs };
}

function defaultBoard(n, options) { return `${options.layout === 'beginner' ? 'beginner' : 'realm'}_${n}`; }

// ---------------------------------------------------------------- the game
class Game {
  constructor(s) {
    this.s = s;
    this.events = [];
    this.map = buildMap(s.board);
  }

  static fromState(st) {
    const mods = st.modules || ['base', 'dschingis'];
    for (const m of mods) if (!['base', 'dschingis', 'war'].includes(m)) throw new Unsupported(`this engine plays only Dschingis Bohn, not '${m}'`);
    const options = Object.assign({ beans: 'garden', layout: 'random', plunder: 'off', passes: 'three' }, st.options || {});
    if (!['garden', 'jumping'].includes(options.beans)) throw new Unsupported(`unknown beans option ${options.beans}`);
    const players = st.players.map(p => {
      const fields = (p.fields || []).map(expand);
      while (fields.length < 2) fields.push([]);
      return {
        name: p.name, hand: expand(p.hand), fields, coins: expand(p.coins), received: expand(p.received),
        front: expand(p.front), cart: expand(p.cart), plunder: expand(p.plunder),
        vars: Object.assign({ has_cart: false }, p.vars || {}),
      };
    });
    const starting = st.starting_player || players[0].name;
    const board = st.board || defaultBoard(players.length, options);
    const map = buildMap(board);
    const spaces = {};
    for (const id of map.ids) {
      const given = (st.spaces || {})[id] || {};
      const printed = map.cell[id] === '*' ? null : map.cell[id];
      spaces[id] = Object.assign({ card: printed, owner: null, ready: true, burnt: false }, given);
    }
    const s = {
      modules: ['base', 'dschingis'].concat(mods.includes('war') ? ['war'] : []),
      options,
      players,
      starting_player: starting,
      active: st.active || starting,
      phase: st.phase || 'plant_hand',
      draw_pile: expand(st.draw_pile), discard: expand(st.discard),
      revealed: expand(st.revealed), draft: expand(st.draft),
      shuffles: (st.shuffles || []).map(expand),
      board, spaces,
      neutral_front: expand(st.neutral_front), landscapes: expand(st.landscapes), box: expand(st.box),
      vars: Object.assign({
        exhaustions: 0, planted: 0, offer_from: null, offer_to: null, offer_give: [], offer_get: [],
        choice: null, chooser: null, draft_owner: null, cut_short: false,
        battle: null, horde: null, to_take: 0, landless: null,
      }, st.vars || {}),
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
    if (names.length < 3 || names.length > 5) throw new Reject('ruling/dschingis-table', `Dschingis Bohn is for 3 to 5 players, not ${names.length}`);
    const options = Object.assign({ beans: 'garden', layout: 'random', plunder: 'off', passes: 'three' }, req.options || {});
    const deck = expand(req.deck);
    const players = names.map(n => ({ name: n, hand: [], fields: [[], []], coins: [], received: [] }));
    // one card at a time, beginning with the starting player (ruling/deal-order)
    for (let r = 0; r < 5; r++) for (const p of players) if (deck.length) p.hand.push(deck.shift());
    const board = req.board || defaultBoard(names.length, options);
    const { spaces, box } = Game.layLandscapes(buildMap(board), expand((req.zones || {}).landscapes), names.length, options);
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
  get pileGone() { return this.s.vars.exhaustions >= this.lastExhaustion; }

  emit(e) { this.events.push(e); }

  player(name) { return this.s.players.find(p => p.name === name); }
  idx(name) { return this.s.players.findIndex(p => p.name === name); }
  left(name) { const i = this.idx(name); return this.s.players[(i + 1) % this.s.players.length].name; }
  right(name) { const n = this.s.players.length; const i = this.idx(name); return this.s.players[(i - 1 + n) % n].name; }

  // ---- the realm
  land(id) { return LANDSCAPES[this.s.spaces[id].card] || {}; }
  owned(name) { return this.map.ids.filter(id => this.s.spaces[id].owner === name); }
  ownsKind(name, kind) { return this.owned(name).filter(id => this.s.spaces[id].card === kind).length; }
  // the floor a landscape's defender fights with at least; none on a burnt town
  floorOf(id) { return this.s.spaces[id].burnt ? 0 : (this.land(id).floor || 0); }
  isRiver(id) { return !!this.land(id).barrier; }

  // Which spaces a player may attack: those next to a landscape he controls, and with a forest
  // anywhere also those next to a river, or a chain of touching rivers, that touches one
  // (dschingis/combat/5, dschingis/landscapes/7 and /8, ruling/river-crossing).
  reachable(name, target) {
    const mine = new Set(this.owned(name));
    if (this.map.nbrs[target].some(id => mine.has(id))) return true;
    if (!this.ownsKind(name, 'forest')) return false;
    // rivers touching the target, then every river chained to them
    const seen = new Set();
    const todo = this.map.nbrs[target].filter(id => this.isRiver(id));
    while (todo.length) {
      const r = todo.pop();
      if (seen.has(r)) continue;
      seen.add(r);
      for (const id of this.map.nbrs[r]) {
        if (this.isRiver(id)) todo.push(id);
        else if (mine.has(id)) return true;
      }
    }
    return false;
  }

  points(p) {
    let n = p.plunder.length;
    for (const id of this.owned(p.name)) {
      const sp = this.s.spaces[id];
      n += sp.card === 'town' && sp.burnt ? 1 : this.land(id).points || 0;
    }
    return n;
  }

  // ---- the draw pile
  reshuffle() {
    const s = this.s;
    const pile = s.shuffles.length ? s.shuffles.shift() : s.discard.slice().reverse();
    s.draw_pile = pile.slice();
    s.discard = [];
    this.emit({ event: 'reshuffled', cards: s.draw_pile.length });
  }

  // Take the top card (null if there is none). A pile a reshuffle left empty is reshuffled
  // again when a card is needed (ruling/reshuffle-when-needed). Call afterTake once the card's
  // own event is out.
  takeCard() {
    const s = this.s;
    if (s.draw_pile.length === 0) {
      if (this.pileGone || s.discard.length === 0) return null;
      this.reshuffle();
      if (s.draw_pile.length === 0) return null;
    }
    const c = s.draw_pile.shift();
    this.pendingAfterTake = s.draw_pile.length === 0;
    return c;
  }

  // the last card was taken: the pile has run out, and unless for the last time it is
  // reshuffled at once. The last time other than while revealing cuts the game short.
  afterTake(revealing) {
    const s = this.s;
    if (!this.pendingAfterTake) return;
    this.pendingAfterTake = false;
    s.vars.exhaustions += 1;
    this.emit({ event: 'exhausted', count: s.vars.exhaustions });
    if (this.pileGone) { if (!revealing) s.vars.cut_short = true; return; }
    this.reshuffle();
  }

  // A combat card from the stack, taken when chosen (ruling/pile-card-taken-when-chosen). Once
  // the pile has run out for the last time, the discard pile is reshuffled into an auxiliary
  // pile (dschingis/end/2); with both piles empty there is no card (ruling/empty-stack).
  stackCard() {
    const s = this.s;
    if (this.pileGone) {
      if (s.draw_pile.length === 0 && s.discard.length > 0) this.reshuffle();
      return s.draw_pile.length ? s.draw_pile.shift() : null;
    }
    const c = this.takeCard();
    if (c !== null) this.afterTake(false);
    return c;
  }

  // ---- turn flow
  // A turn's start (SCENARIOS.md): `turn`, the active player's riders stand up again
  // (dschingis/riders/11), one card per gemstone field he holds (dschingis/landscapes/9,
  // ruling/one-card-per-gemstone-field), then phase 1 (phase 2 at once with an empty hand).
  startTurn(name) {
    const s = this.s;
    s.active = name;
    this.clearOffer();
    this.emit({ event: 'turn', active: name });
    for (const id of this.owned(name)) if (s.spaces[id].card === 'steppe') s.spaces[id].ready = true;
    const p = this.player(name);
    for (const id of this.owned(name)) {
      if (s.spaces[id].card !== 'gemstone') continue;
      const c = this.takeCard();
      if (c === null) continue;
      // laid where its number sends it before the pile is reshuffled (ruling/income-card-laid-first)
      if (VALUE[c] <= 12) p.coins.unshift(c); else s.discard.unshift(c);
      this.emit({ event: 'income', player: name, space: id, card: c });
      this.afterTake(false);
    }
    this.enterPhase('plant_hand');
    if (p.hand.length === 0) this.enterPhase('trade');
  }

  // Phase 2 reveals two cards plus one per plantation the active player holds (dschingis/landscapes/4).
  enterPhase(ph) {
    const s = this.s;
    s.phase = ph;
    s.vars.planted = 0;
    this.emit({ event: 'phase', phase: ph });
    if (ph === 'trade') {
      const n = 2 + this.ownsKind(s.active, 'plantation');
      for (let i = 0; i < n; i++) {
        const c = this.takeCard();
        if (c === null) break;
        s.revealed.push(c);
        this.emit({ event: 'revealed', card: c });
        this.afterTake(true);
      }
    }
  }

  clearOffer() {
    const v = this.s.vars;
    v.offer_from = null; v.offer_to = null; v.offer_give = []; v.offer_get = [];
  }

  // Phase 4: three cards and one more per village (dschingis/landscapes/3); with a cart they go
  // into it and as many are taken out of it one by one (dschingis/carts/3).
  drawCards(p) {
    const s = this.s;
    const n = 3 + this.ownsKind(p.name, 'village');
    let placed = 0;
    for (let i = 0; i < n; i++) {
      const c = this.takeCard();
      if (c === null) break;
      // DOC GAP (small): where new cards lie in the cart (`cart N` counts on it) is not said;
      // they go to the back, in the order drawn, as the scenarios expect
      if (p.vars.has_cart) { p.cart.push(c); placed += 1; } else {
        p.hand.push(c);
        this.emit({ event: 'drew', player: p.name, card: c });
      }
      this.afterTake(false);
    }
    this.clearOffer();
    if (p.vars.has_cart && placed > 0) {
      s.vars.choice = 'cart'; s.vars.chooser = p.name; s.vars.to_take = placed;
      return;
    }
    this.endTurn(p);
  }

  // the turn passes, unless the last running out ends the game in phase 4 (ruling/end-after-action)
  endTurn(p) {
    if (this.s.vars.cut_short) return;
    this.startTurn(this.left(p.name));
  }

  // ---- the camps (dschingis/setup/12)
  // the next chooser is to the right; the starting player takes the camp left over
  // (ruling/last-camp-automatic) and his first turn begins
  campChosen(p) {
    const s = this.s;
    const next = this.right(p.name);
    if (next !== s.starting_player) { s.vars.chooser = next; return; }
    for (const id of this.map.ids) {
      if (s.spaces[id].card === 'camp' && s.spaces[id].owner === null) {
        s.spaces[id].owner = next;
        this.emit({ event: 'camp_chosen', player: next, space: id });
        break;
      }
    }
    s.vars.choice = null; s.vars.chooser = null;
    this.startTurn(s.starting_player);
  }

  // ---- harvest
  doHarvest(p, fi, final) {
    const s = this.s;
    const field = p.fields[fi];
    const variety = field[field.length - 1];
    const n = field.length;
    let coins = 0;
    if (variety === 'jumping') {
      s.discard = field.slice().reverse().concat(s.discard);
    } else {
      coins = Math.min(coinsFor(variety, n), n);
      p.coins = field.slice(0, coins).concat(p.coins);
      s.discard = field.slice(coins).reverse().concat(s.discard);
    }
    p.fields[fi] = [];
    this.emit({ event: 'harvested', player: p.name, field: fi + 1, variety, cards: n, coins });
    if (variety === 'jumping' && n >= 2 && !final) this.startDraft(p);
  }

  // a Jumping Bean draft of one card per player and one more (bohnanza/jumping-bean/2 to /6)
  startDraft(p) {
    const s = this.s;
    const cards = [];
    for (let i = 0; i < s.players.length + 1; i++) {
      const c = this.takeCard();
      if (c === null) break;
      cards.push(c);
      this.afterTake(false);
    }
    if (cards.length === 0) return;
    s.draft = cards;
    s.vars.choice = 'draft'; s.vars.chooser = p.name; s.vars.draft_owner = p.name;
    this.emit({ event: 'draft_started', owner: p.name, cards: cards.slice() });
  }

  endDraft() {
    const s = this.s;
    const owner = this.player(s.vars.draft_owner);
    let coin = null;
    if (s.draft.length === 1) { coin = s.draft[0]; owner.coins.unshift(coin); }
    else if (s.draft.length > 1) s.discard = s.draft.slice().reverse().concat(s.discard);
    s.draft = [];
    this.emit({ event: 'draft_ended', owner: owner.name, coin });
    s.vars.choice = null; s.vars.chooser = null; s.vars.draft_owner = null;
  }

  // ---- combat (dschingis/combat/3 to /17, SCENARIOS.md "A combat")
  // a combat card named `hand N` or `draw_pile 1`; `rule` refuses another zone
  parseCombatCard(p, ref, rule) {
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

  // the defence: a neutral landscape fights with the top of the stack at once
  // (dschingis/combat/16, ruling/neutral-defence-automatic); an owner chooses
  awaitDefence() {
    const s = this.s;
    const owner = s.spaces[s.vars.battle].owner;
    if (owner === null) {
      const c = this.stackCard();
      if (c !== null) s.neutral_front.push(c);
      this.decide();
      return;
    }
    s.vars.choice = 'defend'; s.vars.chooser = owner;
  }

  // Both cards are revealed and compared; the attacker's card goes onto the discard pile, the
  // defender's on top (ruling/discard-order-after-combat).
  decide() {
    const s = this.s;
    const target = s.vars.battle;
    const attacker = this.player(s.active);
    const ownerName = s.spaces[target].owner;
    const defFront = ownerName === null ? s.neutral_front : this.player(ownerName).front;
    // the riders fight the first round while they stand; defeated, the second is fought with a card
    const riding = s.vars.horde !== null && s.spaces[s.vars.horde].ready;
    const attack = riding ? RIDERS_VALUE : (attacker.front.length ? VALUE[attacker.front[0]] : 0);
    const floor = this.floorOf(target);
    const defence = Math.max(defFront.length ? VALUE[defFront[0]] : 0, floor);
    this.emit({ event: 'combat', target, attacker: attacker.name, defender: ownerName, attack, defence, floor });
    s.discard = attacker.front.concat(s.discard);
    attacker.front.length = 0;
    s.discard = defFront.concat(s.discard);
    defFront.length = 0;
    s.vars.choice = null; s.vars.chooser = null;
    if (attack > defence) { this.conquer(attacker, target, ownerName); return; }
    this.emit({ event: 'repelled', player: attacker.name, target });
    if (riding) {
      // defeated riders: the regular troops fight a second round (dschingis/riders/5, /6)
      s.spaces[s.vars.horde].ready = false;
      this.emit({ event: 'riders_defeated', player: attacker.name, riders: s.vars.horde });
      // DOC GAP: SCENARIOS.md calls `horde` "the steppe whose riders fight the first round" and
      // does not say that it is cleared once they are beaten; the reference sets it to null for
      // the second round (found by `bohnspec fuzz`, seed 1)
      s.vars.horde = null;
      s.vars.choice = 'second_round'; s.vars.chooser = attacker.name;
      return;
    }
    this.endCombat();
  }

  // the attacker's token replaces the owner's (dschingis/combat/9); a steppe comes with its
  // riders as they are (dschingis/riders/10); an unburnt town may be plundered
  conquer(attacker, target, previous) {
    const s = this.s;
    s.spaces[target].owner = attacker.name;
    this.emit({ event: 'conquered', player: attacker.name, target, previous });
    if (previous !== null && this.owned(previous).length === 0) s.vars.landless = previous;
    if (s.options.plunder === 'on' && s.spaces[target].card === 'town' && !s.spaces[target].burnt) {
      s.vars.choice = 'plunder'; s.vars.chooser = attacker.name;
      return;
    }
    this.endCombat();
  }

  endCombat() {
    const s = this.s;
    s.vars.battle = null; s.vars.horde = null; s.vars.choice = null; s.vars.chooser = null;
  }

  // ---- the end
  // after each action, once no choice is pending: the last running out (cut short), or a
  // player who lost his last landscape (ruling/end-after-last-landscape)
  maybeEnd() {
    const s = this.s;
    if (s.over || s.vars.choice !== null) return;
    if (s.vars.cut_short || s.vars.landless !== null) this.gameOver();
  }

  // Every field is harvested (the coins count nothing, dschingis/object/1); most points win, a
  // tie going to the player furthest clockwise from the starting player (ruling/war-ties).
  gameOver() {
    const s = this.s;
    for (const p of s.players) p.fields.forEach((f, i) => { if (f.length) this.doHarvest(p, i, true); });
    const n = s.players.length;
    const st = this.idx(s.starting_player);
    let best = -1, bestDist = -1, winner = null;
    s.players.forEach((p, i) => {
      const pts = this.points(p);
      const d = (i - st + n) % n;
      if (pts > best || (pts === best && d > bestDist)) { best = pts; bestDist = d; winner = p.name; }
    });
    s.over = true;
    s.winners = [winner];
    this.emit({ event: 'game_over', winners: [winner] });
  }

  // ---- actions
  apply(a) {
    if (typeof a !== 'object' || a === null) throw new Malformed('action is not an object');
    if (typeof a.type !== 'string') throw new Malformed('action without type');
    if (typeof a.player !== 'string') throw new Malformed('action without player');
    const handler = ACTIONS[a.type];
    if (!handler) throw new Malformed(`unknown action type ${a.type}`);
    const p = this.player(a.player);
    if (!p) throw new Malformed(`no player named ${a.player}`);
    handler.check(this, a);
    this.gate(a);
    handler.run(this, p, a);
    this.maybeEnd();
  }

  // What a pending choice or the game's end leaves open (SCENARIOS.md, the Dschingis Bohn
  // refusals): the camp choice, a draft, a combat, a cart being picked from.
  gate(a) {
    const s = this.s;
    const v = s.vars;
    if (s.over) throw new Reject('ruling/game-over', 'the game is over');
    if (v.choice === 'camp' && a.type !== 'choose_camp') throw new Reject('dschingis/setup/12', 'the camps are chosen first');
    if (v.choice === 'draft' && a.type !== 'draft' && a.type !== 'harvest') throw new Reject('ruling/draft-first', 'a Jumping Bean draft is under way');
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

// pay the top coin and open the combat (dschingis/combat/4, ruling/coin-from-top)
function openCombat(g, p, target, horde) {
  const s = g.s;
  s.discard.unshift(p.coins.shift());
  s.vars.battle = target; s.vars.horde = horde;
  g.emit({ event: 'attack', player: p.name, target, riders: horde });
}

const ACTIONS = {
  choose_camp: {
    check(g, a) { allowOnly(a, ['camp']); needSpace(g, a, 'camp'); },
    run(g, p, a) {
      const s = g.s;
      if (s.vars.choice !== 'camp' || s.vars.chooser !== p.name) throw new Reject('dschingis/setup/12', 'it is not your turn to choose a camp');
      const sp = s.spaces[a.camp];
      if (sp.card !== 'camp' || sp.owner !== null) throw new Reject('dschingis/setup/12', `${a.camp} is not a free camp`);
      sp.owner = p.name;
      g.emit({ event: 'camp_chosen', player: p.name, space: a.camp });
      g.campChosen(p);
    },
  },
  plant: {
    check(g, a) { allowOnly(a, ['field']); needInt(a, 'field'); },
    run(g, p, a) {
      const s = g.s;
      if (s.active !== p.name || s.phase !== 'plant_hand') throw new Reject('bohnanza/phase-1/1', 'only the active player plants from hand, in phase 1');
      if (a.field < 1 || a.field > p.fields.length) throw new Reject('ruling/no-such-card', `no field ${a.field}`);
      if (p.hand.length === 0) throw new Reject('ruling/no-such-card', 'the hand is empty');
      if (s.vars.planted >= 2) throw new Reject('bohnanza/phase-1/3', 'no third card may be planted');
      const card = p.hand[0];
      const f = p.fields[a.field - 1];
      if (!fits(f, card)) throw new Reject('bohnanza/course-of-play/8', `field ${a.field} holds another variety`);
      p.hand.shift();
      f.push(card);
      s.vars.planted += 1;
      g.emit({ event: 'planted', player: p.name, field: a.field, card });
    },
  },
  end_phase: {
    check(g, a) { allowOnly(a, []); },
    run(g, p, a) {
      const s = g.s;
      if (s.active !== p.name) throw new Reject('bohnanza/course-of-play/3', 'only the active player ends a phase');
      if (s.phase === 'draw_cards') throw new Reject('bohnanza/phase-4/1', 'phase 4 ends by drawing');
      if (s.phase === 'plant_hand') {
        if (s.vars.planted === 0 && p.hand.length > 0) throw new Reject('bohnanza/phase-1/1', 'the foremost card must be planted first');
        g.enterPhase('trade');
      } else if (s.phase === 'trade') {
        // ending phase 2 withdraws an open offer, reported like any withdrawal
        if (s.vars.offer_from !== null) g.emit({ event: 'declined', from: s.vars.offer_from, to: s.vars.offer_to });
        g.clearOffer();
        g.enterPhase('plant_trades');
      } else if (s.phase === 'plant_trades') {
        if (s.revealed.length > 0 || s.players.some(q => q.received.length > 0))
          throw new Reject('bohnanza/phase-3/1', 'traded and revealed cards must be planted first');
        // after the last running out while revealing, the game ends here: no attack step
        // (ruling/no-attack-after-final-exhaustion)
        if (g.pileGone) { s.vars.cut_short = true; return; }
        g.enterPhase('attack');
      } else if (s.phase === 'attack') {
        g.enterPhase('draw_cards');
      } else {
        throw new Reject('bohnanza/course-of-play/3', `no phase ${s.phase} to end`);
      }
    },
  },
  offer: {
    check(g, a) {
      allowOnly(a, ['to', 'give', 'get']);
      if (typeof a.to !== 'string') throw new Malformed('parameter to must be a player');
      if (!g.player(a.to)) throw new Malformed(`no player named ${a.to}`);
      needRefs(a, 'give'); needRefs(a, 'get');
    },
    run(g, p, a) {
      const s = g.s;
      if (s.phase !== 'trade') throw new Reject('bohnanza/course-of-play/5', 'trading happens in phase 2');
      if (s.vars.offer_from !== null) throw new Reject('ruling/one-offer', 'another offer is open');
      const q = g.player(a.to);
      if (q.name === p.name || (p.name !== s.active && q.name !== s.active))
        throw new Reject('bohnanza/phase-2/4', 'only the active player trades, with another player');
      if (a.give.length === 0 && a.get.length === 0) throw new Reject('ruling/empty-trade', 'nothing changes hands');
      const refs = [];
      for (const r of a.give) refs.push({ owner: p, ...parseRef(r) });
      for (const r of a.get) refs.push({ owner: q, ...parseRef(r) });
      if (refs.some(r => r.zone === 'field')) throw new Reject('bohnanza/phase-2/8', 'cards in fields cannot be traded');
      if (refs.some(r => r.zone === 'received')) throw new Reject('bohnanza/phase-2/7', 'received cards cannot be traded again');
      if (refs.some(r => r.zone !== 'hand' && r.zone !== 'revealed')) throw new Reject('bohnanza/phase-2/5', 'only hand cards (and the revealed cards) are traded');
      if (refs.some(r => r.zone === 'revealed' && r.owner.name !== s.active)) throw new Reject('bohnanza/phase-2/6', 'only the active player trades the revealed cards');
      const seen = new Set();
      for (const r of refs) {
        const zone = r.zone === 'hand' ? r.owner.hand : s.revealed;
        if (r.n < 1 || r.n > zone.length) throw new Reject('ruling/no-such-card', `no card ${r.zone} ${r.n}`);
        const key = `${r.owner.name}/${r.zone}/${r.n}`;
        if (seen.has(key)) throw new Reject('ruling/no-such-card', `${r.zone} ${r.n} named twice`);
        seen.add(key);
      }
      s.vars.offer_from = p.name;
      s.vars.offer_to = q.name;
      s.vars.offer_give = a.give.map(r => { const x = parseRef(r); return `${x.zone} ${x.n}`; });
      s.vars.offer_get = a.get.map(r => { const x = parseRef(r); return `${x.zone} ${x.n}`; });
      g.emit({ event: 'offered', from: p.name, to: q.name });
    },
  },
  accept: {
    check(g, a) { allowOnly(a, []); },
    run(g, p, a) {
      const s = g.s;
      if (s.phase !== 'trade') throw new Reject('bohnanza/course-of-play/5', 'trading happens in phase 2');
      if (s.vars.offer_to !== p.name) throw new Reject('ruling/one-offer', 'no offer to you is open');
      const from = g.player(s.vars.offer_from);
      const take = (owner, refs) => {
        const parsed = refs.map(parseRef);
        const cards = parsed.map(r => (r.zone === 'hand' ? owner.hand : s.revealed)[r.n - 1]);
        // remove from the highest position down, so the lower positions still hold
        for (const r of parsed.slice().sort((x, y) => y.n - x.n)) (r.zone === 'hand' ? owner.hand : s.revealed).splice(r.n - 1, 1);
        return cards;
      };
      const give = take(from, s.vars.offer_give);
      const get = take(p, s.vars.offer_get);
      p.received.push(...give);
      from.received.push(...get);
      g.clearOffer();
      g.emit({ event: 'traded', from: from.name, to: p.name, give, get });
    },
  },
  decline: {
    check(g, a) { allowOnly(a, []); },
    run(g, p, a) {
      const s = g.s;
      if (s.phase !== 'trade') throw new Reject('bohnanza/course-of-play/5', 'trading happens in phase 2');
      if (s.vars.offer_to !== p.name && s.vars.offer_from !== p.name) throw new Reject('ruling/one-offer', 'no offer to or from you is open');
      const from = s.vars.offer_from, to = s.vars.offer_to;
      g.clearOffer();
      g.emit({ event: 'declined', from, to });
    },
  },
  plant_card: {
    check(g, a) { allowOnly(a, ['card', 'field']); needRef(a, 'card'); needInt(a, 'field'); },
    run(g, p, a) {
      const s = g.s;
      if (s.phase !== 'plant_trades') throw new Reject('ruling/plant-in-phase-3-only', 'traded and revealed cards are planted in phase 3');
      const isActive = s.active === p.name;
      if (p.received.length === 0 && !(isActive && s.revealed.length > 0)) throw new Reject('bohnanza/phase-3/1', 'nothing to plant');
      const r = parseRef(a.card);
      if (r.zone !== 'received' && r.zone !== 'revealed') throw new Reject('bohnanza/phase-3/1', 'only received or revealed cards are planted in phase 3');
      if (r.zone === 'revealed' && !isActive) throw new Reject('bohnanza/phase-3/1', 'the revealed cards are the active player\'s');
      const zone = r.zone === 'received' ? p.received : s.revealed;
      if (r.n < 1 || r.n > zone.length) throw new Reject('ruling/no-such-card', `no card ${a.card}`);
      if (a.field < 1 || a.field > p.fields.length) throw new Reject('ruling/no-such-card', `no field ${a.field}`);
      const card = zone[r.n - 1];
      const f = p.fields[a.field - 1];
      if (!fits(f, card)) throw new Reject('bohnanza/course-of-play/8', `field ${a.field} holds another variety`);
      zone.splice(r.n - 1, 1);
      f.push(card);
      g.emit({ event: 'planted', player: p.name, field: a.field, card });
    },
  },
  harvest: {
    check(g, a) { allowOnly(a, ['field']); needInt(a, 'field'); },
    run(g, p, a) {
      const s = g.s;
      if (a.field < 1 || a.field > p.fields.length) throw new Reject('ruling/no-such-card', `no field ${a.field}`);
      const f = p.fields[a.field - 1];
      if (f.length === 0) throw new Reject('ruling/harvest-empty-field', 'the field is empty');
      if (f.length === 1 && p.fields.some(x => x.length > 1)) throw new Reject('bohnanza/bean-protection/1', 'a single bean is protected while another field holds more');
      // a draft waits for any pending choice (ruling/combat-first, ruling/draft-first)
      if (f[f.length - 1] === 'jumping' && f.length >= 2 && s.vars.choice !== null) {
        throw new Reject(s.vars.choice === 'draft' ? 'ruling/draft-first' : 'ruling/combat-first', 'a draft cannot start while a choice is pending');
      }
      g.doHarvest(p, a.field - 1, false);
    },
  },
  draw: {
    check(g, a) { allowOnly(a, []); },
    run(g, p, a) {
      const s = g.s;
      // whoever asks (SCENARIOS.md's refusal table: `draw` in phase `attack`)
      if (s.phase === 'attack') throw new Reject('dschingis/combat/2', 'the attack step comes first: end it, then draw');
      if (s.active !== p.name || s.phase !== 'draw_cards') throw new Reject('bohnanza/phase-4/1', 'only the active player draws, in phase 4');
      g.drawCards(p);
    },
  },
  draft: {
    check(g, a) {
      allowOnly(a, ['card', 'target']); needInt(a, 'card');
      if (!(Number.isInteger(a.target) || a.target === 'discard')) throw new Malformed(`parameter target must be a field number or 'discard', got ${JSON.stringify(a.target)}`);
    },
    run(g, p, a) {
      const s = g.s;
      if (s.vars.choice !== 'draft' || s.vars.chooser !== p.name) throw new Reject('ruling/draft-first', 'it is not your choice in a draft');
      if (a.card < 1 || a.card > s.draft.length) throw new Reject('ruling/no-such-card', `no card ${a.card} in the draft`);
      const card = s.draft[a.card - 1];
      if (a.target !== 'discard') {
        if (a.target < 1 || a.target > p.fields.length) throw new Reject('ruling/no-such-card', `no field ${a.target}`);
        if (!fits(p.fields[a.target - 1], card)) throw new Reject('ruling/draft-plant-fits', `field ${a.target} holds another variety`);
      }
      s.draft.splice(a.card - 1, 1);
      if (a.target === 'discard') s.discard.unshift(card);
      else p.fields[a.target - 1].push(card);
      g.emit({ event: 'drafted', player: p.name, card, target: a.target });
      const next = g.right(p.name);
      if (next === s.vars.draft_owner || s.draft.length === 0) g.endDraft();
      else s.vars.chooser = next;
    },
  },

  // ---- Dschingis Bohn's own actions
  attack: {
    check(g, a) { allowOnly(a, ['target', 'with']); needSpace(g, a, 'target'); needRef(a, 'with'); },
    run(g, p, a) {
      checkAttack(g, p, a.target);
      const r = g.parseCombatCard(p, a.with, 'dschingis/combat/11');
      openCombat(g, p, a.target, null);
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
      openCombat(g, p, a.target, a.riders);
      g.awaitDefence();
    },
  },
  defend: {
    check(g, a) { allowOnly(a, ['with']); needRef(a, 'with'); },
    run(g, p, a) {
      const s = g.s;
      if (s.vars.choice !== 'defend' || s.vars.chooser !== p.name) throw new Reject('ruling/combat-first', 'you have no landscape to defend now');
      const r = g.parseCombatCard(p, a.with, 'dschingis/combat/15');
      g.layCard(p, r);
      g.decide();
    },
  },
  follow_up: {
    check(g, a) { allowOnly(a, ['with']); needRef(a, 'with'); },
    run(g, p, a) {
      const s = g.s;
      if (s.vars.choice !== 'second_round' || s.vars.chooser !== p.name) throw new Reject('ruling/combat-first', 'there is no second round of yours to fight');
      const r = g.parseCombatCard(p, a.with, 'dschingis/combat/11');
      s.vars.choice = null; s.vars.chooser = null;
      g.layCard(p, r);
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
      if (s.box.length) p.plunder.unshift(s.box.shift());
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
      for (let i = 0; i < 3; i++) s.discard.unshift(p.coins.shift());
      p.vars.has_cart = true;
      // its two cards go in unseen: no event of their own (dschingis/carts/2)
      g.emit({ event: 'cart_bought', player: p.name });
      for (let i = 0; i < 2; i++) {
        const c = g.takeCard();
        if (c === null) break;
        p.cart.push(c);
        g.afterTake(false);
      }
    },
  },
  take_from_cart: {
    check(g, a) { allowOnly(a, ['card']); needRef(a, 'card'); },
    run(g, p, a) {
      const s = g.s;
      if (s.vars.choice !== 'cart' || s.vars.chooser !== p.name) throw new Reject('dschingis/carts/3', 'you have no cards to take from a cart');
      const r = parseRef(a.card);
      if (r.zone !== 'cart' || r.n < 1 || r.n > p.cart.length) throw new Reject('ruling/no-such-card', `no card ${a.card} in your cart`);
      const c = p.cart.splice(r.n - 1, 1)[0];
      p.hand.push(c);
      g.emit({ event: 'drew', player: p.name, card: c });
      s.vars.to_take -= 1;
      if (s.vars.to_take > 0) return;
      s.vars.choice = null; s.vars.chooser = null;
      g.endTurn(p);
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
