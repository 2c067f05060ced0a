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
// own rules (spec/) or its interpreter. The base game's turn and actions are base-game.js's,
// what the two war games share (the map, income, the attack step and its combat, the end by
// points) war.js's; this file is what Bohnaparte adds and changes. Where a scenario needed
// something the docs do not say, a comment marked "DOC GAP" says what. It passes the whole
// Bohnaparte corpus (tests/test_outside_engine.py runs it) and was played against the reference
// with `bohnspec fuzz` and on random 3-6 player maps.
//
// Run:
//   bohnspec conform --impl "node examples/engines/bohnaparte.js" conformance/scenarios/bohnaparte
'use strict';
const { Reject, Unsupported, expand, serve, parseRef, needRef, needSpace, allowOnly } = require('./common.js');
const { BASE_ACTIONS, guard, playerState, turnState, baseVars, dealHands } = require('./base-game.js');
const { WarGame, WAR_ACTIONS, WAR_WORDS, TOKENS, buildMap } = require('./war.js');

// ---------------------------------------------------------------- card facts
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
  paddock: { count: 3, points: 1, floor: 0, mounted: true },      // bohnaparte/paddock/1
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

const FORTRESS_BONUS = 2;                // bohnaparte/fortress/2
const FORTRESS_CARDS = 3;                // bohnaparte/components/9: fortresses/forests
const ARMY_CARDS = 6;                    // bohnaparte/components/4: munitions depots/sutlers
const DOUBLE_SIDED = 3;                  // bohnaparte/components/11: iron mines/paddocks
const TWELVE = 12;                       // bohnaparte/end/1, ruling/twelve-territories
const LAST_EXHAUSTION = { three: 3, four: 4, five: 5 };
const DEFAULTS = { beans: 'garden', cavalry: 'off', length: 'four', layout: 'given' };
// The rulebook's turn has steps: 1 to 3 as the base game's phases, 4 the attack step, 5 the
// draw; a card is played or stowed (bohnaparte/course-of-play/1 to /11).
const WORDS = {
  ...WAR_WORDS,
  space: 'territory', part: 'step', plant_hand: 'step 1', trade: 'step 2', plant_trades: 'step 3', draw_cards: 'step 5',
  played: 'played', to_plant: 'planted (or stowed)',
};

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

function checkModules(mods) {
  for (const m of mods) if (!['base', 'bohnaparte', 'war'].includes(m)) throw new Unsupported(`this engine plays only Bohnaparte, not '${m}'`);
  // `base` is claimed because Bohnaparte requires it, not because the base game alone is played here
  if (!mods.includes('bohnaparte')) throw new Unsupported('this engine plays Bohnaparte, not the base game alone');
}

// ---------------------------------------------------------------- the game
// The turn is the base game's with the war games' additions (war.js); below, what Bohnaparte's
// rules change.
class Game extends WarGame {
  constructor(s) { super(s, BOARDS); }

  get cards() { return TERRITORIES; }
  get actions() { return ACTIONS; }
  get words() { return WORDS; }
  get campRule() { return 'bohnaparte/setup/3'; }

  static fromState(st) {
    const mods = st.modules || ['base', 'bohnaparte'];
    checkModules(mods);
    const options = Object.assign({}, DEFAULTS, st.options || {});
    const players = st.players.map(p => ({
      ...playerState(p, 2),
      front: expand(p.front), depot: expand(p.depot), sutler: expand(p.sutler),
      vars: Object.assign({ has_depot: false, has_sutler: false }, p.vars || {}),
    }));
    const board = st.board || LAYOUT_BOARD[options.layout];
    if (!board) throw new Unsupported('a state with layout: given must give its board');
    const map = buildMap(board, BOARDS);
    const spaces = {};
    for (const id of map.ids) {
      const given = (st.spaces || {})[id] || {};
      const printed = map.cell[id] === '*' ? null : map.cell[id];
      spaces[id] = Object.assign({ card: printed, owner: null, ready: true, fortress: false, exhausted: false }, given);
    }
    const s = {
      modules: ['base', 'bohnaparte'].concat(mods.includes('war') ? ['war'] : []),
      options,
      ...turnState(st, players),
      board, spaces,
      neutral_front: expand(st.neutral_front), landscapes: expand(st.landscapes),
      box: st.box ? expand(st.box) : defaultBox(spaces, options),
      vars: Object.assign(baseVars(), { battle: null, horde: null, to_take: 0, landless: null, fortresses_built: 0 }, st.vars || {}),
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
    const { spaces, box } = Game.layTerritories(buildMap(board, BOARDS), expand((req.zones || {}).landscapes), names.length, options);
    const deck = expand(req.deck);
    // beginning with the first named (ruling/deal-order)
    const players = dealHands(names, deck, 2);
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
  get cavalryGame() { return this.s.options.cavalry === 'on' || this.s.options.cavalry === 'mixed'; }
  get depotGame() { return this.s.options.cavalry !== 'on'; }

  // ---- Beanland
  countOnMap(kind) { return this.map.ids.filter(id => this.s.spaces[id].card === kind).length; }

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
  // one card each, a depot's and a sutler's: with the sides mixed one player may hold both
  // (ruling/mixed-sides), two of the six
  armyCardsLeft() {
    const held = this.s.players.reduce((n, p) => n + (p.vars.has_depot ? 1 : 0) + (p.vars.has_sutler ? 1 : 0), 0);
    return ARMY_CARDS - held;
  }

  // a card stowed on a munitions depot can no longer be planted (bohnaparte/munitions-depot/3)
  refusePlanting(p, r) {
    if (r.zone === 'depot') throw new Reject('bohnaparte/munitions-depot/3', 'depot cards are used only in attacks');
  }

  // ---- the sutler (bohnaparte/sutler/3): step 5's cards go onto it
  storeOf(p) { return p.vars.has_sutler ? p.sutler : null; }
  get storeChoice() { return 'sutler'; }

  // ---- the camps (bohnaparte/setup/3, ruling/bohnaparte-camp-order)
  // the next chooser is to the left; the last player gets the camp left over
  // (ruling/last-camp-automatic), becomes the starting player and begins (bohnaparte/course-of-play/1)
  campChosen(p) {
    const s = this.s;
    const next = this.left(p.name);
    const last = s.players[s.players.length - 1].name;
    if (next !== last) { s.vars.chooser = next; return; }
    this.lastCamp(next);
    s.starting_player = next;
    this.startTurn(next);
  }

  // ---- combat (bohnaparte/attack/7 to /16)
  // A combat card, the attacker's or the defender's: `hand N`, `depot N` or `draw_pile 1`
  // (bohnaparte/attack/2 to /5); no depot card in a battle for a swamp (bohnaparte/swamp/1).
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

  // A fortress adds 2 to the defence before the floor raises it (bohnaparte/fortress/2,
  // bohnaparte/village/2, bohnaparte/town/1, bohnaparte/forest/1).
  defenceBonus(sp) { return sp.fortress ? FORTRESS_BONUS : 0; }

  // The cannon of an iron mine's holder wins a tie against a town, a village or a fortified
  // territory unless both final values are 20 (bohnaparte/iron-mine/1, ruling/cannon-final-values).
  winsTie(attacker, target, attack, defence) {
    return this.ownsKind(attacker.name, 'iron_mine') > 0
      && (this.land(target).cannonTarget || this.s.spaces[target].fortress) && !(attack === 20 && defence === 20);
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

  // a draft leaves the purchases that take no part in it open (ruling/draft-first)
  openDuringDraft(a) { return takesNoPart(a); }

  // What a pending choice or the game's end leaves open (SCENARIOS.md's refusal ids): the camp
  // choice, a draft, a combat, a sutler being picked from.
  gate(a, p) {
    super.gate(a, p);
    const v = this.s.vars;
    const aside = takesNoPart(a);
    if (['defend', 'second_round'].includes(v.choice)
      && !['defend', 'follow_up', 'harvest'].includes(a.type) && !aside) throw new Reject('ruling/combat-first', 'a combat is under way');
    if (v.choice === 'sutler' && a.type !== 'take_from_sutler' && a.type !== 'harvest' && !aside)
      throw new Reject('bohnaparte/sutler/3', 'the cards on the sutler are taken first');
  }
}

// The purchases that take no part in a draft, a combat or a sutler pick: a depot by anyone, a
// fortress by the player whose turn it is (ruling/draft-first, ruling/combat-first,
// ruling/pick-first). DOC GAP: SCENARIOS.md says the sutler pick leaves open only "its owner's
// build_fortress" (others refused with bohnaparte/sutler/3); the reference lets every
// build_fortress through and refuses another's with bohnaparte/fortress/1 (found by fuzz).
function takesNoPart(a) { return a.type === 'buy_depot' || a.type === 'build_fortress'; }

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

// The base game's actions and the camp choice, with a draw in the attack step refused whoever
// asks (SCENARIOS.md); then Bohnaparte's own actions.
const ACTIONS = {
  ...BASE_ACTIONS,
  ...WAR_ACTIONS,
  draw: guard(BASE_ACTIONS.draw, g => {
    if (g.s.phase === 'attack') throw new Reject('bohnaparte/course-of-play/6', 'the attack step comes first: end it, then draw');
  }),

  // ---- Bohnaparte's own actions
  attack: {
    check(g, a) { allowOnly(a, ['target', 'with']); needSpace(g, a, 'target'); needRef(a, 'with'); },
    run(g, p, a) {
      checkAttacker(g, p);
      checkTarget(g, p, a.target);
      const r = g.checkCombatCard(p, parseRef(a.with), a.with, !!g.land(a.target).noDepot);
      g.openCombat(p, a.target, null);
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
      if (!TERRITORIES[paddock.card] || !TERRITORIES[paddock.card].mounted || paddock.owner !== p.name)
        throw new Reject('bohnaparte/paddock/1', `you hold no paddock with a cavalry on ${a.cavalry}`);
      if (!paddock.ready) throw new Reject('bohnaparte/cavalry/3', 'this cavalry was defeated and is not turned back yet');
      checkTarget(g, p, a.target);
      g.openCombat(p, a.target, a.cavalry);
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
      g.payCoins(p, 3);
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
      g.payCoins(p, 2);
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
      g.payCoins(p, 3);
      p.vars.has_sutler = true;
      g.emit({ event: 'sutler_bought', player: p.name });
      g.fillStore(p);
    },
  },
  take_from_sutler: {
    check(g, a) { allowOnly(a, ['card']); needRef(a, 'card'); },
    run(g, p, a) {
      const s = g.s;
      if (s.vars.choice !== 'sutler' || s.vars.chooser !== p.name) throw new Reject('bohnaparte/sutler/3', 'you have no cards to take from a sutler now');
      const r = parseRef(a.card);
      if (r.zone !== 'sutler' || r.n < 1 || r.n > p.sutler.length) throw new Reject('ruling/no-such-card', `no card ${a.card} on your sutler`);
      g.takeFromStore(p, r.n);
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
