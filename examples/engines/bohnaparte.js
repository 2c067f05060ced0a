#!/usr/bin/env node
// A Bohnaparte engine (`modules: [base, bohnaparte]`) speaking the bohnspec JSON-lines protocol,
// version 2: the base game's turn with Beanland on top of it (territory cards on a map given
// inline or declared, tokens, the attack step with hand, depot and pile cards, munitions depots,
// fortresses, cannons, monasteries, farms, villages, swamps, rivers, the end by exhaustion, by
// twelve territories or by a player without one), the cavalry variant (paddocks, cavalries,
// forests, sutlers) and the mixed sides (bohnaparte/variants/4).
//
// How it was written: from the rulebooks (/work/shared/rulebooks/bohnaparte.en.md, the English
// translation of the Hungarian original, with the same paragraph ids; bohnanza.md), conformance/PROTOCOL.md and
// conformance/SCENARIOS.md ("Games on a map", "Dschingis Bohn", "Bohnaparte"), the texts of the
// rulings (`bohnspec explain RULING-ID`, read up to its citations), the maps of the declared
// boards (`bohnspec board`) and the verdicts of `bohnspec conform`, without reading bohnspec's
// own rules (spec/) or its interpreter. The base game's parts and the war rules' skeleton were
// copied from examples/engines/dschingis.js, written the same way. Where a scenario needed
// something the docs do not say, a comment marked "DOC GAP" says what. It passes the whole
// Bohnaparte corpus (tests/test_outside_engine.py runs it) and was played against the reference
// with `bohnspec fuzz` and on random 3-6 player maps.
//
// Run:
//   bohnspec conform --impl "node examples/engines/bohnaparte.js" conformance/scenarios/bohnaparte
'use strict';
const {
  Reject, Malformed, Unsupported, coinsFor, expand, serve, parseRef, needInt, needRef, needRefs, needSpace, allowOnly, fits,
} = require('./common.js');

// ---------------------------------------------------------------- card facts
// a bean card's combat value is its number: how many of it the box holds (bohnaparte/attack/13)
const VALUE = { blue: 20, fire: 18, broad: 16, green: 14, soy: 12, black_eyed: 10, red: 8, garden: 6, jumping: 6 };

// The territory cards (SCENARIOS.md, "Bohnaparte"), in the order of the card table: cards in the
// box, victory points, the defender's floor and what else they do.
const TERRITORIES = {
  camp: { count: 6, points: 1, floor: 0 },                       // ruling/camp-worth-one
  farm: { count: 6, points: 1, floor: 0, reveals: true },         // bohnaparte/farm/1
  village: { count: 6, points: 1, floor: 16, draws: true, cannonTarget: true }, // bohnaparte/village/1, /2
  town: { count: 4, points: 3, floor: 18, cannonTarget: true },   // bohnaparte/town/1
  monastery: { count: 4, points: 1, floor: 0, income: true },     // bohnaparte/monastery/1
  quarry: { count: 3, points: 1, floor: 0, stone: true },         // bohnaparte/quarry/1
  iron_mine: { count: 3, points: 1, floor: 0, cannon: true },     // bohnaparte/iron-mine/1
  river: { count: 3, points: 0, floor: 0, barrier: true },        // bohnaparte/river/1
  swamp: { count: 3, points: 1, floor: 0, noDepot: true },        // bohnaparte/swamp/1
  paddock: { count: 3, points: 1, floor: 0, cavalry: true },      // bohnaparte/paddock/1
  forest: { count: 3, points: 1, floor: 17, crossing: true },     // bohnaparte/forest/1 to /4
};
// which territory cards a game has: the basic game's, the cavalry variant's (paddocks instead
// of iron mines, and forests), or both sides (ruling/mixed-sides)
function kindsInPlay(cavalry) {
  const all = Object.keys(TERRITORIES);
  if (cavalry === 'on') return all.filter(k => k !== 'iron_mine');
  if (cavalry === 'off') return all.filter(k => k !== 'paddock' && k !== 'forest');
  return all;
}

const TOKENS = 12;                       // bohnaparte/components/1
const CAVALRY_VALUE = 17;                // bohnaparte/cavalry/1
const FORTRESS_BONUS = 2;                // bohnaparte/fortress/2
const FORTRESS_CARDS = 3;                // bohnaparte/components/9: fortresses/forests
const ARMY_CARDS = 6;                    // bohnaparte/components/4: munitions depots/sutlers
const DOUBLE_SIDED = 3;                  // bohnaparte/components/11: iron mines/paddocks
const TWELVE = 12;                       // bohnaparte/end/1, ruling/twelve-territories
const LAST_EXHAUSTION = { three: 3, four: 4, five: 5 };
const DEFAULTS = { beans: 'garden', cavalry: 'off', length: 'four', layout: 'given' };

// ---------------------------------------------------------------- maps
// The declared boards (SCENARIOS.md, "Bohnaparte"): the pyramids for three players (rows of 1 to
// 5 or 6 spaces, each row shifted half a card, camps at the three corners, the rest dealt) and
// the two example fragments rebuilt from the rulebook's captions.
function pyramid(levels) {
  const rows = [];
  for (let r = 0; r < levels; r++) {
    const cells = [];
    for (let j = 0; j <= r; j++) {
      const corner = r === 0 || (r === levels - 1 && (j === 0 || j === r));
      cells.push(corner ? 'camp' : '*');
    }
    rows.push([levels - 1 - r, ...cells]);
  }
  return { geometry: 'offset', rows };
}
const BOARDS = {
  pyramid_5: pyramid(5),
  pyramid_6: pyramid(6),
  // bohnaparte/attack/10: the orange camp touches the swamp, the village and the farm
  orange_camp: {
    geometry: 'graph',
    spaces: { orange: 'camp', swamp: 'swamp', village: 'village', farm: 'farm', town: 'town' },
    edges: [['orange', 'swamp'], ['orange', 'village'], ['orange', 'farm'], ['village', 'town'], ['farm', 'town']],
  },
  // bohnaparte/forest/3: the black camp beside a forest, a river between it and the farm and
  // the orange camp
  black_and_orange: {
    geometry: 'graph',
    spaces: { forest: 'forest', black: 'camp', river: 'river', farm: 'farm', orange: 'camp' },
    edges: [['forest', 'black'], ['black', 'river'], ['river', 'farm'], ['river', 'orange'], ['farm', 'orange']],
  },
};
const LAYOUT_BOARD = { pyramid5: 'pyramid_5', pyramid6: 'pyramid_6' };

// A map: its spaces in board order, the card each lays ('*': dealt at setup) and who touches
// whom (docs/LANGUAGE.md, "Maps"; SCENARIOS.md, "Games on a map"). A grid (the chessboard of
// bohnaparte/variants/3) has no diagonal neighbours.
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
  for (const id of ids) nbrs[id].sort((a, b) => ids.indexOf(a) - ids.indexOf(b));
  return { ids, cell, nbrs };
}

function checkModules(mods) {
  for (const m of mods) if (!['base', 'bohnaparte', 'war'].includes(m)) throw new Unsupported(`this engine plays only Bohnaparte, not '${m}'`);
}

// ---------------------------------------------------------------- the game
class Game {
  constructor(s) {
    this.s = s;
    this.events = [];
    this.map = buildMap(s.board);
  }

  static fromState(st) {
    const mods = st.modules || ['base', 'bohnaparte'];
    checkModules(mods);
    const options = Object.assign({}, DEFAULTS, st.options || {});
    const players = st.players.map(p => {
      const fields = (p.fields || []).map(expand);
      while (fields.length < 2) fields.push([]);
      return {
        name: p.name, hand: expand(p.hand), fields, coins: expand(p.coins), received: expand(p.received),
        front: expand(p.front), depot: expand(p.depot), sutler: expand(p.sutler),
        vars: Object.assign({ has_depot: false, has_sutler: false }, p.vars || {}),
      };
    });
    const starting = st.starting_player || players[0].name;
    const board = st.board || LAYOUT_BOARD[options.layout];
    if (!board) throw new Unsupported('a state with layout: given must give its board');
    const map = buildMap(board);
    const spaces = {};
    for (const id of map.ids) {
      const given = (st.spaces || {})[id] || {};
      const printed = map.cell[id] === '*' ? null : map.cell[id];
      spaces[id] = Object.assign({ card: printed, owner: null, ready: true, fortress: false, exhausted: false }, given);
    }
    const s = {
      modules: ['base', 'bohnaparte'].concat(mods.includes('war') ? ['war'] : []),
      options,
      players,
      starting_player: starting,
      active: st.active || starting,
      phase: st.phase || 'plant_hand',
      draw_pile: expand(st.draw_pile), discard: expand(st.discard),
      revealed: expand(st.revealed), draft: expand(st.draft),
      shuffles: (st.shuffles || []).map(expand),
      board, spaces,
      neutral_front: expand(st.neutral_front), landscapes: expand(st.landscapes),
      box: st.box ? expand(st.box) : defaultBox(spaces, options),
      vars: Object.assign({
        exhaustions: 0, planted: 0, offer_from: null, offer_to: null, offer_give: [], offer_get: [],
        choice: null, chooser: null, draft_owner: null, cut_short: false,
        battle: null, horde: null, to_take: 0, landless: null, fortresses_built: 0,
      }, st.vars || {}),
      over: !!st.over, winners: st.winners || [],
    };
    return new Game(s);
  }

  // A new game (SCENARIOS.md, "Bohnaparte", "A new game"): beans dealt as in the base game, the
  // map laid, then the camps chosen clockwise from the first player named.
  static setup(req) {
    const names = req.players;
    const mods = req.modules || ['base', 'bohnaparte'];
    checkModules(mods);
    if (names.length < 3 || names.length > 6) throw new Reject('ruling/bohnaparte-table', `Bohnaparte is for 3 to 6 players, not ${names.length}`);
    const options = Object.assign({}, DEFAULTS, req.options || {});
    const board = req.board || LAYOUT_BOARD[options.layout];
    if (!board) throw new Reject('ruling/bohnaparte-map-is-input', 'the map is part of the setup: give a board');
    const { spaces, box } = Game.layTerritories(buildMap(board), expand((req.zones || {}).landscapes), names.length, options);
    const deck = expand(req.deck);
    const players = names.map(n => ({ name: n, hand: [], fields: [[], []], coins: [], received: [] }));
    // one card at a time, beginning with the first named (ruling/deal-order)
    for (let r = 0; r < 5; r++) for (const p of players) if (deck.length) p.hand.push(deck.shift());
    const g = Game.fromState({ modules: mods, players, options, draw_pile: deck, board, spaces, box, phase: 'camps' });
    // the first player named chooses first (ruling/bohnaparte-camp-order)
    g.s.vars.choice = 'camp';
    g.s.vars.chooser = names[0];
    return g;
  }

  // The map is checked against the box, then laid (SCENARIOS.md, "A new game"): the camps it
  // does not use go into the box first (the first of the deck, each on top); its own cards are
  // the first of their kind in the deck; the `*` spaces are dealt in deck order; the rest goes
  // into the box one card at a time, each on top.
  static layTerritories(map, deck, n, options) {
    const laid = map.ids.map(id => map.cell[id]).filter(c => c !== '*');
    const camps = laid.filter(c => c === 'camp').length;
    if (camps !== n) throw new Reject('bohnaparte/setup/3', `the map lays ${camps} camps for ${n} players`);
    const inPlay = kindsInPlay(options.cavalry);
    const count = k => deck.filter(c => c === k).length;
    for (const k of new Set(laid)) {
      if (!inPlay.includes(k) || laid.filter(c => c === k).length > count(k))
        throw new Reject('bohnaparte/components/16', `the map lays more ${k} cards than the game has`);
    }
    if (laid.filter(c => c === 'iron_mine' || c === 'paddock').length > DOUBLE_SIDED)
      throw new Reject('bohnaparte/components/16', 'iron mines and paddocks are the two sides of three cards');
    if (map.ids.length > deck.length - (count('camp') - n)) throw new Reject('bohnaparte/setup/2', 'the map has more spaces than there are territory cards');
    const box = [];
    const takeKind = kind => deck.splice(deck.indexOf(kind), 1)[0];
    // the camps not in play (bohnaparte/setup/3, /4)
    for (let i = count('camp') - n; i > 0; i--) box.unshift(takeKind('camp'));
    const spaces = {};
    for (const id of map.ids) if (map.cell[id] !== '*') spaces[id] = { card: takeKind(map.cell[id]) };
    // Mixed sides: the deck lists both sides of the three iron mine/paddock cards; the sides the
    // map lays stay and, of the others, the first ones up to three in all (ruling/mixed-sides).
    if (options.cavalry === 'mixed') {
      let room = DOUBLE_SIDED - laid.filter(c => c === 'iron_mine' || c === 'paddock').length;
      for (let i = 0; i < deck.length;) {
        if (deck[i] !== 'iron_mine' && deck[i] !== 'paddock') { i++; continue; }
        if (room > 0) { room--; i++; continue; }
        box.unshift(deck.splice(i, 1)[0]);
      }
    }
    for (const id of map.ids) {
      if (map.cell[id] !== '*') continue;
      if (!deck.length) throw new Reject('bohnaparte/setup/2', 'the map has more spaces than there are territory cards');
      spaces[id] = { card: deck.shift() };
    }
    for (const c of deck) box.unshift(c);
    return { spaces, box };
  }

  get lastExhaustion() { return LAST_EXHAUSTION[this.s.options.length] || 4; }
  get pileGone() { return this.s.vars.exhaustions >= this.lastExhaustion; }
  get cavalryGame() { return this.s.options.cavalry === 'on' || this.s.options.cavalry === 'mixed'; }
  get depotGame() { return this.s.options.cavalry !== 'on'; }

  emit(e) { this.events.push(e); }

  player(name) { return this.s.players.find(p => p.name === name); }
  idx(name) { return this.s.players.findIndex(p => p.name === name); }
  left(name) { const i = this.idx(name); return this.s.players[(i + 1) % this.s.players.length].name; }
  right(name) { const n = this.s.players.length; const i = this.idx(name); return this.s.players[(i - 1 + n) % n].name; }

  // ---- Beanland
  land(id) { return TERRITORIES[this.s.spaces[id].card] || {}; }
  owned(name) { return this.map.ids.filter(id => this.s.spaces[id].owner === name); }
  ownsKind(name, kind) { return this.owned(name).filter(id => this.s.spaces[id].card === kind).length; }
  isRiver(id) { return !!this.land(id).barrier; }
  countOnMap(kind) { return this.map.ids.filter(id => this.s.spaces[id].card === kind).length; }

  // Which spaces a player may attack: those next to a territory he holds (bohnaparte/attack/9),
  // and with a forest anywhere also those beyond a river, or a chain of touching rivers, that
  // touches one (bohnaparte/forest/2, ruling/river-crossing).
  reachable(name, target) {
    const mine = new Set(this.owned(name));
    if (this.map.nbrs[target].some(id => mine.has(id))) return true;
    if (!this.ownsKind(name, 'forest')) return false;
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

  // the territories' points and one per fortress under a territory one holds
  // (bohnaparte/end/1, ruling/fortress-points-to-holder)
  points(p) {
    let n = 0;
    for (const id of this.owned(p.name)) n += (this.land(id).points || 0) + (this.s.spaces[id].fortress ? 1 : 0);
    return n;
  }

  // fortress cards left to build: three, less one per forest on the map, none in the cavalry
  // variant (ruling/cavalry-variant-cards, ruling/mixed-sides), less those standing
  fortressesLeft() {
    if (this.s.options.cavalry === 'on') return 0;
    const built = this.map.ids.filter(id => this.s.spaces[id].fortress).length;
    return FORTRESS_CARDS - this.countOnMap('forest') - built;
  }
  armyCardsLeft() {
    return ARMY_CARDS - this.s.players.filter(p => p.vars.has_depot || p.vars.has_sutler).length;
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

  // A combat card from the pile, taken when chosen (ruling/pile-card-taken-when-chosen). Once
  // the pile has run out for the last time, the discard pile is shuffled into a new one
  // (bohnaparte/end/2); with both piles empty there is no card (ruling/empty-stack).
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
  // A turn's start: `turn`, the active player's defeated cavalries turned back
  // (bohnaparte/cavalry/3, ruling/riders-turned-back-automatically), one card per monastery he
  // holds (bohnaparte/monastery/1), then step 1 (step 2 at once with an empty hand).
  startTurn(name) {
    const s = this.s;
    s.active = name;
    this.clearOffer();
    this.emit({ event: 'turn', active: name });
    for (const id of this.owned(name)) if (this.land(id).cavalry) s.spaces[id].ready = true;
    const p = this.player(name);
    for (const id of this.owned(name)) {
      if (!this.land(id).income) continue;
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

  // Step 2 turns up two cards plus one per farm the active player holds (bohnaparte/farm/1).
  enterPhase(ph) {
    const s = this.s;
    s.phase = ph;
    s.vars.planted = 0;
    this.emit({ event: 'phase', phase: ph });
    if (ph === 'trade') {
      const n = 2 + this.ownsKind(s.active, 'farm');
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

  // Step 5: three cards and one more per village (bohnaparte/village/1); with a sutler they go
  // onto it and as many are taken from it one by one (bohnaparte/sutler/3).
  drawCards(p) {
    const s = this.s;
    const n = 3 + this.ownsKind(p.name, 'village');
    let placed = 0;
    for (let i = 0; i < n; i++) {
      const c = this.takeCard();
      if (c === null) break;
      if (p.vars.has_sutler) { p.sutler.push(c); placed += 1; } else {
        p.hand.push(c);
        this.emit({ event: 'drew', player: p.name, card: c });
      }
      this.afterTake(false);
    }
    this.clearOffer();
    if (p.vars.has_sutler && placed > 0) {
      s.vars.choice = 'sutler'; s.vars.chooser = p.name; s.vars.to_take = placed;
      return;
    }
    this.endTurn(p);
  }

  // the turn passes, unless the last running out ends the game in step 5 (ruling/end-after-action)
  endTurn(p) {
    if (this.s.vars.cut_short) return;
    this.startTurn(this.left(p.name));
  }

  // ---- the camps (bohnaparte/setup/3, ruling/bohnaparte-camp-order)
  // the next chooser is to the left; the last player gets the camp left over
  // (ruling/last-camp-automatic), becomes the starting player and begins (bohnaparte/course-of-play/1)
  campChosen(p) {
    const s = this.s;
    const next = this.left(p.name);
    const last = s.players[s.players.length - 1].name;
    if (next !== last) { s.vars.chooser = next; return; }
    for (const id of this.map.ids) {
      if (s.spaces[id].card === 'camp' && s.spaces[id].owner === null) {
        s.spaces[id].owner = next;
        this.emit({ event: 'camp_chosen', player: next, space: id });
        break;
      }
    }
    s.vars.choice = null; s.vars.chooser = null;
    s.starting_player = next;
    this.startTurn(next);
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

  // ---- combat (bohnaparte/attack/7 to /16)
  // A combat card: `hand N`, `depot N` or `draw_pile 1` (bohnaparte/attack/2 to /5); no depot
  // card in a battle for a swamp (bohnaparte/swamp/1).
  parseCombatCard(p, ref) {
    const r = parseRef(ref);
    const swamp = this.s.vars.battle !== null ? this.land(this.s.vars.battle).noDepot : false;
    return this.checkCombatCard(p, r, ref, swamp);
  }
  checkCombatCard(p, r, ref, swamp) {
    if (r.zone === 'hand') {
      if (r.n < 1 || r.n > p.hand.length) throw new Reject('ruling/no-such-card', `no card ${ref} in your hand`);
      return r;
    }
    if (r.zone === 'depot') {
      if (swamp) throw new Reject('bohnaparte/swamp/1', 'no depot card fights for a swamp');
      if (r.n < 1 || r.n > p.depot.length) throw new Reject('ruling/no-such-card', `no card ${ref} on your depot`);
      return r;
    }
    if (r.zone === 'draw_pile' && r.n === 1) return r;
    throw new Reject('bohnaparte/attack/2', `a combat card comes from the hand, the depot or the top of the pile, not ${ref}`);
  }

  // lay the card into the front (a pile card is taken now)
  layCard(p, r) {
    if (r.zone === 'hand') { p.front.push(p.hand.splice(r.n - 1, 1)[0]); return; }
    if (r.zone === 'depot') { p.front.push(p.depot.splice(r.n - 1, 1)[0]); return; }
    const c = this.stackCard();
    if (c !== null) p.front.push(c);
  }

  // the defence: a neutral territory fights with the top of the pile at once
  // (bohnaparte/attack/6, ruling/neutral-defence-automatic); an owner chooses
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

  // The defence value: the card, plus 2 under a fortress, then raised to the floor
  // (bohnaparte/village/2, bohnaparte/town/1, bohnaparte/forest/1). The cannon wins a tie against
  // a town, a village or a fortified territory unless both final values are 20
  // (bohnaparte/iron-mine/1, ruling/cannon-final-values).
  decide() {
    const s = this.s;
    const target = s.vars.battle;
    const sp = s.spaces[target];
    const attacker = this.player(s.active);
    const ownerName = sp.owner;
    const defFront = ownerName === null ? s.neutral_front : this.player(ownerName).front;
    const riding = s.vars.horde !== null && s.spaces[s.vars.horde].ready;
    const attack = riding ? CAVALRY_VALUE : (attacker.front.length ? VALUE[attacker.front[0]] : 0);
    const floor = this.land(target).floor || 0;
    const card = defFront.length ? VALUE[defFront[0]] : 0;
    const defence = Math.max(card + (sp.fortress ? FORTRESS_BONUS : 0), floor);
    this.emit({ event: 'combat', target, attacker: attacker.name, defender: ownerName, attack, defence, floor });
    s.discard = attacker.front.concat(s.discard);
    attacker.front.length = 0;
    s.discard = defFront.concat(s.discard);
    defFront.length = 0;
    s.vars.choice = null; s.vars.chooser = null;
    const cannon = this.ownsKind(attacker.name, 'iron_mine') > 0
      && (this.land(target).cannonTarget || sp.fortress) && !(attack === 20 && defence === 20);
    if (attack > defence || (attack === defence && cannon)) { this.conquer(attacker, target, ownerName); return; }
    this.emit({ event: 'repelled', player: attacker.name, target });
    if (riding) {
      // a defeated cavalry is turned and a regular second round follows (bohnaparte/cavalry/2)
      s.spaces[s.vars.horde].ready = false;
      this.emit({ event: 'riders_defeated', player: attacker.name, riders: s.vars.horde });
      s.vars.horde = null;
      s.vars.choice = 'second_round'; s.vars.chooser = attacker.name;
      return;
    }
    this.endCombat();
  }

  // the attacker's token replaces the owner's (bohnaparte/attack/15); a paddock comes with its
  // cavalry as it is (bohnaparte/cavalry/6)
  conquer(attacker, target, previous) {
    const s = this.s;
    s.spaces[target].owner = attacker.name;
    this.emit({ event: 'conquered', player: attacker.name, target, previous });
    if (previous !== null && this.owned(previous).length === 0) s.vars.landless = previous;
    this.endCombat();
  }

  endCombat() {
    const s = this.s;
    s.vars.battle = null; s.vars.horde = null; s.vars.choice = null; s.vars.chooser = null;
  }

  // ---- the end (bohnaparte/end/1)
  // after each action, once no choice is pending: the last running out, a player without a
  // territory (ruling/end-after-last-landscape) or one with twelve (ruling/twelve-territories)
  maybeEnd() {
    const s = this.s;
    if (s.over || s.vars.choice !== null || s.vars.battle !== null) return;
    const twelve = s.players.some(p => this.owned(p.name).length >= TWELVE);
    if (s.vars.cut_short || s.vars.landless !== null || twelve) this.gameOver();
  }

  // Every field is harvested (coins count nothing); most points win, a tie going to the player
  // furthest clockwise from the starting player (ruling/war-ties).
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
    this.gate(a, p);
    handler.run(this, p, a);
    this.maybeEnd();
  }

  // What a pending choice or the game's end leaves open (SCENARIOS.md's refusal ids): the camp
  // choice, a draft, a combat, a sutler being picked from.
  gate(a, p) {
    const s = this.s;
    const v = s.vars;
    if (s.over) throw new Reject('ruling/game-over', 'the game is over');
    if (v.choice === 'camp' && a.type !== 'choose_camp') throw new Reject('bohnaparte/setup/3', 'the camps are chosen first');
    if (v.choice === 'draft' && a.type !== 'draft' && a.type !== 'harvest') throw new Reject('ruling/draft-first', 'a Jumping Bean draft is under way');
    // The purchases that take no part: a depot by anyone, a fortress by the player whose turn it
    // is. DOC GAP: SCENARIOS.md says the sutler pick leaves open only "its owner's
    // build_fortress" (others refused with bohnaparte/sutler/3); the reference lets every
    // build_fortress through and refuses another's with bohnaparte/fortress/1 (found by fuzz).
    const aside = a.type === 'buy_depot' || a.type === 'build_fortress';
    if (['defend', 'second_round'].includes(v.choice)
      && !['defend', 'follow_up', 'harvest'].includes(a.type) && !aside) throw new Reject('ruling/combat-first', 'a combat is under way');
    if (v.choice === 'sutler' && a.type !== 'take_from_sutler' && a.type !== 'harvest' && !aside)
      throw new Reject('bohnaparte/sutler/3', 'the cards on the sutler are taken first');
  }
}

// A loaded state's box by default: every territory card in play that lies nowhere else, in the
// order of the card table (SCENARIOS.md, "The state" of Dschingis Bohn).
function defaultBox(spaces, options) {
  const box = [];
  for (const k of kindsInPlay(options.cavalry)) {
    const onMap = Object.values(spaces).filter(sp => sp.card === k).length;
    for (let i = onMap; i < TERRITORIES[k].count; i++) box.push(k);
  }
  return box;
}

// ---------------------------------------------------------------- action helpers

// The checks an attack and a charge share, in the order of SCENARIOS.md's refusal list: first
// the attacker (his turn, step 4, a coin, a token), then the target; a charge checks its
// cavalry in between (the reference's order, found by differential play).
function checkAttacker(g, p) {
  const s = g.s;
  if (s.active !== p.name) throw new Reject('bohnaparte/attack/1', 'only the player whose turn it is attacks');
  if (s.phase !== 'attack') throw new Reject('bohnaparte/course-of-play/6', 'attacks belong to step 4');
  if (p.coins.length === 0) throw new Reject('bohnaparte/attack/1', 'each attack costs a bean coin');
  if (g.owned(p.name).length >= TOKENS) throw new Reject('ruling/no-token-no-attack', 'no token is left');
}
function checkTarget(g, p, target) {
  const s = g.s;
  if (g.isRiver(target)) throw new Reject('bohnaparte/river/1', 'a river cannot be entered');
  if (s.spaces[target].owner === p.name) throw new Reject('ruling/no-attack-on-own', 'the territory is yours');
  if (!g.reachable(p.name, target)) throw new Reject('bohnaparte/attack/9', `${target} is not next to a territory of yours`);
}

// pay the top coin and open the combat (bohnaparte/attack/8, ruling/coin-from-top)
function openCombat(g, p, target, horde) {
  const s = g.s;
  s.discard.unshift(p.coins.shift());
  s.vars.battle = target; s.vars.horde = horde;
  g.emit({ event: 'attack', player: p.name, target, riders: horde });
}

// Stowing (bohnaparte/course-of-play/9 and /11, bohnaparte/munitions-depot/3, ruling/depot-stowing):
// in step 1 the active player's foremost hand card, in step 3 a received card or, for the
// active player, a revealed one.
function stowSource(g, p, r) {
  const s = g.s;
  if (s.phase === 'plant_hand') {
    // DOC GAP: SCENARIOS.md names no id for stowing another card than the one played; the
    // corpus expects course-of-play/9 (stow-not-foremost-refused-01), munitions-depot/3 not allowed
    if (s.active !== p.name || r.zone !== 'hand') throw new Reject('bohnaparte/course-of-play/9', 'in step 1 only the active player stows the card he plays');
    if (!p.vars.has_depot) throw new Reject('bohnaparte/course-of-play/9', 'you have no munitions depot');
    if (p.hand.length === 0 || r.n < 1 || r.n > p.hand.length) throw new Reject('ruling/no-such-card', `no card hand ${r.n}`);
    if (r.n !== 1) throw new Reject('bohnaparte/course-of-play/9', 'only the foremost hand card is played');
    if (s.vars.planted >= 2) throw new Reject('bohnanza/phase-1/3', 'two cards have been played');
    return p.hand;
  }
  if (s.phase === 'plant_trades') {
    const isActive = s.active === p.name;
    if (p.received.length === 0 && !(isActive && s.revealed.length > 0)) throw new Reject('bohnaparte/munitions-depot/3', 'nothing to plant, so nothing to stow');
    // DOC GAP: likewise for step 3 (a hand card, another's revealed card): course-of-play/11
    // (stow-hand-card-in-step-3-refused-01)
    if (r.zone !== 'received' && !(r.zone === 'revealed' && isActive)) throw new Reject('bohnaparte/course-of-play/11', 'only a received card, or the active player\'s revealed card, is stowed in step 3');
    if (!p.vars.has_depot) throw new Reject('bohnaparte/course-of-play/11', 'you have no munitions depot');
    const zone = r.zone === 'received' ? p.received : s.revealed;
    if (r.n < 1 || r.n > zone.length) throw new Reject('ruling/no-such-card', `no card ${r.zone} ${r.n}`);
    return zone;
  }
  throw new Reject('bohnaparte/munitions-depot/3', 'cards are stowed only in steps 1 and 3');
}

const ACTIONS = {
  choose_camp: {
    check(g, a) { allowOnly(a, ['camp']); needSpace(g, a, 'camp'); },
    run(g, p, a) {
      const s = g.s;
      if (s.vars.choice !== 'camp' || s.vars.chooser !== p.name) throw new Reject('bohnaparte/setup/3', 'it is not your turn to choose a camp');
      const sp = s.spaces[a.camp];
      if (sp.card !== 'camp' || sp.owner !== null) throw new Reject('bohnaparte/setup/3', `${a.camp} is not a free camp`);
      sp.owner = p.name;
      g.emit({ event: 'camp_chosen', player: p.name, space: a.camp });
      g.campChosen(p);
    },
  },
  plant: {
    check(g, a) { allowOnly(a, ['field']); needInt(a, 'field'); },
    run(g, p, a) {
      const s = g.s;
      if (s.active !== p.name || s.phase !== 'plant_hand') throw new Reject('bohnanza/phase-1/1', 'only the active player plants from hand, in step 1');
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
      if (s.active !== p.name) throw new Reject('bohnanza/course-of-play/3', 'only the active player ends a step');
      if (s.phase === 'draw_cards') throw new Reject('bohnanza/phase-4/1', 'step 5 ends by drawing');
      if (s.phase === 'plant_hand') {
        if (s.vars.planted === 0 && p.hand.length > 0) throw new Reject('bohnanza/phase-1/1', 'the foremost card must be played first');
        g.enterPhase('trade');
      } else if (s.phase === 'trade') {
        if (s.vars.offer_from !== null) g.emit({ event: 'declined', from: s.vars.offer_from, to: s.vars.offer_to });
        g.clearOffer();
        g.enterPhase('plant_trades');
      } else if (s.phase === 'plant_trades') {
        if (s.revealed.length > 0 || s.players.some(q => q.received.length > 0))
          throw new Reject('bohnanza/phase-3/1', 'traded and revealed cards must be planted (or stowed) first');
        // after the last running out while revealing the game ends here: no attack step
        // (ruling/no-attack-after-final-exhaustion)
        if (g.pileGone) { s.vars.cut_short = true; return; }
        g.enterPhase('attack');
      } else if (s.phase === 'attack') {
        g.enterPhase('draw_cards');
      } else {
        throw new Reject('bohnanza/course-of-play/3', `no step ${s.phase} to end`);
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
      if (s.phase !== 'trade') throw new Reject('bohnanza/course-of-play/5', 'trading happens in step 2');
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
      if (s.phase !== 'trade') throw new Reject('bohnanza/course-of-play/5', 'trading happens in step 2');
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
      if (s.phase !== 'trade') throw new Reject('bohnanza/course-of-play/5', 'trading happens in step 2');
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
      const r = parseRef(a.card);
      if (s.phase !== 'plant_trades') throw new Reject('ruling/plant-in-phase-3-only', 'traded and revealed cards are planted in step 3');
      const isActive = s.active === p.name;
      if (p.received.length === 0 && !(isActive && s.revealed.length > 0)) throw new Reject('bohnanza/phase-3/1', 'nothing to plant');
      // a card on a munitions depot can no longer be planted (bohnaparte/munitions-depot/3)
      if (r.zone === 'depot') throw new Reject('bohnaparte/munitions-depot/3', 'depot cards are used only in attacks');
      if (r.zone !== 'received' && r.zone !== 'revealed') throw new Reject('bohnanza/phase-3/1', 'only received or revealed cards are planted in step 3');
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
      // whoever asks (SCENARIOS.md: `draw` in the attack step)
      if (s.phase === 'attack') throw new Reject('bohnaparte/course-of-play/6', 'the attack step comes first: end it, then draw');
      if (s.active !== p.name || s.phase !== 'draw_cards') throw new Reject('bohnanza/phase-4/1', 'only the active player draws, in step 5');
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

  // ---- Bohnaparte's own actions
  attack: {
    check(g, a) { allowOnly(a, ['target', 'with']); needSpace(g, a, 'target'); needRef(a, 'with'); },
    run(g, p, a) {
      checkAttacker(g, p);
      checkTarget(g, p, a.target);
      const r = g.checkCombatCard(p, parseRef(a.with), a.with, !!g.land(a.target).noDepot);
      openCombat(g, p, a.target, null);
      g.layCard(p, r);
      g.awaitDefence();
    },
  },
  charge: {
    check(g, a) { allowOnly(a, ['target', 'cavalry']); needSpace(g, a, 'target'); needSpace(g, a, 'cavalry'); },
    run(g, p, a) {
      const s = g.s;
      checkAttacker(g, p);
      const paddock = s.spaces[a.cavalry];
      if (!TERRITORIES[paddock.card] || !TERRITORIES[paddock.card].cavalry || paddock.owner !== p.name)
        throw new Reject('bohnaparte/paddock/1', `you hold no paddock with a cavalry on ${a.cavalry}`);
      if (!paddock.ready) throw new Reject('bohnaparte/cavalry/3', 'this cavalry was defeated and is not turned back yet');
      checkTarget(g, p, a.target);
      openCombat(g, p, a.target, a.cavalry);
      g.awaitDefence();
    },
  },
  defend: {
    check(g, a) { allowOnly(a, ['with']); needRef(a, 'with'); },
    run(g, p, a) {
      const s = g.s;
      if (s.vars.choice !== 'defend' || s.vars.chooser !== p.name) throw new Reject('ruling/combat-first', 'you have no territory to defend now');
      const r = g.parseCombatCard(p, a.with);
      g.layCard(p, r);
      g.decide();
    },
  },
  follow_up: {
    check(g, a) { allowOnly(a, ['with']); needRef(a, 'with'); },
    run(g, p, a) {
      const s = g.s;
      if (s.vars.choice !== 'second_round' || s.vars.chooser !== p.name) throw new Reject('ruling/combat-first', 'there is no second round of yours to fight');
      const r = g.parseCombatCard(p, a.with);
      s.vars.choice = null; s.vars.chooser = null;
      g.layCard(p, r);
      g.awaitDefence();
    },
  },
  stow: {
    check(g, a) { allowOnly(a, ['card']); needRef(a, 'card'); },
    run(g, p, a) {
      const s = g.s;
      const r = parseRef(a.card);
      const zone = stowSource(g, p, r);
      if (p.depot.length >= s.players.length) throw new Reject('bohnaparte/munitions-depot/2', 'the depot is full');
      const card = zone.splice(r.n - 1, 1)[0];
      p.depot.push(card);
      if (s.phase === 'plant_hand') s.vars.planted += 1;
      g.emit({ event: 'stowed', player: p.name, card });
    },
  },
  buy_depot: {
    check(g, a) { allowOnly(a, []); },
    run(g, p, a) {
      const s = g.s;
      if (!g.depotGame) throw new Reject('bohnaparte/cavalry-variant/2', 'the army cards lie sutler side up');
      if (p.vars.has_depot) throw new Reject('bohnaparte/munitions-depot/1', 'a player may have only one munitions depot');
      if (g.armyCardsLeft() <= 0) throw new Reject('bohnaparte/components/4', 'all six army cards are taken');
      if (p.coins.length < 3) throw new Reject('bohnaparte/munitions-depot/1', 'a munitions depot costs three bean coins');
      for (let i = 0; i < 3; i++) s.discard.unshift(p.coins.shift());
      p.vars.has_depot = true;
      g.emit({ event: 'depot_bought', player: p.name });
    },
  },
  build_fortress: {
    check(g, a) { allowOnly(a, ['quarry', 'at']); needSpace(g, a, 'quarry'); needSpace(g, a, 'at'); },
    run(g, p, a) {
      const s = g.s;
      const q = s.spaces[a.quarry], at = s.spaces[a.at];
      if (s.active !== p.name) throw new Reject('bohnaparte/fortress/1', 'a fortress is built during one\'s own turn');
      if (q.card !== 'quarry' || q.owner !== p.name || q.exhausted) throw new Reject('bohnaparte/fortress/1', 'a fortress needs a full quarry of one\'s own');
      if (g.fortressesLeft() <= 0) throw new Reject('ruling/cavalry-variant-cards', 'no fortress card is left');
      if (p.coins.length < 2) throw new Reject('bohnaparte/fortress/1', 'a fortress costs two bean coins');
      if (at.owner !== p.name) throw new Reject('bohnaparte/fortress/1', 'a fortress goes under a territory bearing one\'s token');
      if (at.fortress) throw new Reject('bohnaparte/fortress/2', 'only one fortress under a territory');
      for (let i = 0; i < 2; i++) s.discard.unshift(p.coins.shift());
      q.exhausted = true;
      at.fortress = true;
      s.vars.fortresses_built += 1;
      g.emit({ event: 'fortress_built', player: p.name, quarry: a.quarry, at: a.at });
    },
  },
  buy_sutler: {
    check(g, a) { allowOnly(a, []); },
    run(g, p, a) {
      const s = g.s;
      if (!g.cavalryGame) throw new Reject('bohnaparte/cavalry-variant/2', 'the army cards lie depot side up');
      if (p.vars.has_sutler) throw new Reject('bohnaparte/sutler/1', 'a player may have only one sutler');
      if (!g.ownsKind(p.name, 'forest')) throw new Reject('bohnaparte/sutler/1', 'only the holder of a forest buys a sutler');
      if (g.armyCardsLeft() <= 0) throw new Reject('bohnaparte/components/4', 'all six army cards are taken');
      if (p.coins.length < 3) throw new Reject('bohnaparte/sutler/1', 'a sutler costs three bean coins');
      for (let i = 0; i < 3; i++) s.discard.unshift(p.coins.shift());
      p.vars.has_sutler = true;
      g.emit({ event: 'sutler_bought', player: p.name });
      // the top two cards go face down onto it (bohnaparte/sutler/2): no event of their own
      for (let i = 0; i < 2; i++) {
        const c = g.takeCard();
        if (c === null) break;
        p.sutler.push(c);
        g.afterTake(false);
      }
    },
  },
  take_from_sutler: {
    check(g, a) { allowOnly(a, ['card']); needRef(a, 'card'); },
    run(g, p, a) {
      const s = g.s;
      if (s.vars.choice !== 'sutler' || s.vars.chooser !== p.name) throw new Reject('bohnaparte/sutler/3', 'you have no cards to take from a sutler now');
      const r = parseRef(a.card);
      if (r.zone !== 'sutler' || r.n < 1 || r.n > p.sutler.length) throw new Reject('ruling/no-such-card', `no card ${a.card} on your sutler`);
      const c = p.sutler.splice(r.n - 1, 1)[0];
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
  engine: { name: 'bohnaparte-js', version: '0.1', language: 'javascript' },
  capabilities: {
    modules: ['base', 'bohnaparte'], rule_ids: true, events: true, legal_actions: false,
    options: {
      beans: ['garden', 'jumping'], cavalry: ['off', 'on', 'mixed'], length: ['three', 'four', 'five'],
      layout: ['given', 'pyramid5', 'pyramid6'],
    },
    internal_state: false,
  },
}, Game);
