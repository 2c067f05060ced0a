#!/usr/bin/env node
// A small Bohnanza engine speaking the bohnspec JSON-lines protocol, version 2: the base game,
// Bohnröschen for 3-6 players, and Bohnröschen's two-player game (`duo`) and solo game (`solo`).
// Written from the rulebooks and conformance/PROTOCOL.md + SCENARIOS.md only (and `bohnspec
// explain` for the rulings those name), by reviewers who did not read bohnspec's own rules or
// interpreter: an example of an outside engine, and a check that the docs suffice to write one
// (tests/test_outside_engine.py runs it on the base, Bohnröschen, two-player and solo corpus).
// Where a scenario needed something the docs do not say, a comment marked "DOC GAP" says what.
// The base game's turn and actions are in base-game.js, shared with the war games' engines; this
// file adds Bohnröschen and the two-player and solo games.
// Run:
//   bohnspec conform --impl "node examples/engines/bohnanza.js" conformance/scenarios/base \
//     conformance/scenarios/bohnroeschen conformance/scenarios/duo conformance/scenarios/solo
'use strict';
const { Reject, Malformed, Unsupported, expand, serve, parseRef, needInt, needRef, allowOnly, fits } = require('./common.js');
const { BaseGame, BASE_ACTIONS, guard, playerState, turnState, baseVars, dealHands } = require('./base-game.js');

const VARIETIES = ['blue', 'fire', 'broad', 'green', 'soy', 'black_eyed', 'red', 'garden', 'jumping'];
const PHASES = ['plant_hand', 'trade', 'plant_trades', 'draw_cards'];
const MODULES = ['base', 'bohnroeschen', 'duo', 'solo'];
const LAST_EXHAUSTION = 3;
const VINE_CARDS = ['two_alike_in_phase_1', 'sell_for_two', 'one_bean_each_field', 'buy_third_field',
  'two_onto_existing_in_phase_1', 'blue_in_a_field', 'anyone_two_red', 'last_figure', 'anyone_four_green',
  'draw_pile_runs_out', 'castle'];
const PVAR_DEFAULTS = () => ({ vine_pos: 1, task_met: false, waiting: false, in_castle: false, bought_field: false,
  passed: false, p1_plants: [], p1_onto_existing: 0 });

// three fields with three players, else two (the two-player and solo games too)
function fieldsFor(n) { return n === 3 ? 3 : 2; }

function checkModules(mods) {
  for (const m of mods) if (!MODULES.includes(m)) throw new Unsupported(`this engine plays only ${MODULES.join(', ')}, not '${m}'`);
}

// ---------------------------------------------------------------- the game
// The base game's turn is BaseGame's (base-game.js); Bohnröschen and the two-player and solo
// games change it where the methods below override it.
class Game extends BaseGame {
  static fromState(st) {
    const mods = st.modules || ['base'];
    checkModules(mods);
    const roe = mods.includes('bohnroeschen');
    const solo = mods.includes('solo');
    const n = st.players.length;
    const nf = fieldsFor(n);
    const vars = Object.assign(baseVars(), st.vars || {});
    const players = st.players.map(p => {
      const q = playerState(p, nf);
      // the solo figure starts before the first card (ruling/solo-figure-on-fulfilled-card)
      if (roe) q.vars = Object.assign(PVAR_DEFAULTS(), solo ? { vine_pos: 0 } : {}, p.vars || {});
      return q;
    });
    const s = {
      modules: mods.includes('base') ? mods.slice() : ['base', ...mods],
      options: Object.assign(roe ? { beans: 'garden', vine_game: 'full' } : { beans: 'garden' }, st.options || {}),
      ...turnState(st, players),
      vars,
      over: !!st.over, winners: st.winners || [],
    };
    if (roe) {
      s.vine_deck = expand(st.vine_deck); s.vine_row = expand(st.vine_row); s.vine_out = expand(st.vine_out);
      for (const c of [...s.vine_deck, ...s.vine_row, ...s.vine_out]) if (!VINE_CARDS.includes(c)) throw new Unsupported(`unknown vine card ${c}`);
    }
    if (mods.includes('duo') || solo) {
      // beans the active player left for his opponent, and coins out of the game (two-player/5)
      s.middle = expand(st.middle); s.removed = expand(st.removed);
      s.vars = Object.assign({ hand_discards: 0 }, s.vars);
    }
    if (solo) s.vars = Object.assign({ violet_pos: 0, red_pos: 0, lost: false, neutral_pending: 0 }, s.vars);
    if (!['garden', 'jumping'].includes(s.options.beans)) throw new Unsupported(`unknown beans option ${s.options.beans}`);
    return new Game(s);
  }

  static setup(req) {
    const names = req.players;
    const mods = req.modules || ['base'];
    checkModules(mods);
    Game.checkTable(mods, names.length);
    const deck = expand(req.deck);
    const players = dealHands(names, deck, fieldsFor(names.length));
    let vine = {};
    if (mods.includes('bohnroeschen')) vine = Game.layVines(expand((req.zones || {}).vine_deck), req.options || {}, mods.includes('solo'));
    const g = Game.fromState(Object.assign({ modules: mods, players, options: req.options || {}, draw_pile: deck }, vine));
    if (g.solo) g.s.vars.red_pos = 3 * g.rowLength();
    if (g.duo) { g.startTurn(names[0]); return g; }
    g.emit({ event: 'turn', active: names[0] });
    g.emit({ event: 'phase', phase: 'plant_hand' });
    return g;
  }

  // how many may sit at the table (the spec's `players` declarations, SCENARIOS.md)
  static checkTable(mods, n) {
    // DOC GAP: SCENARIOS.md names no rule for refusing a two-player or solo table of another
    // size; the reference cites the first paragraph of each game's section
    if (mods.includes('solo')) { if (n !== 1) throw new Reject('bohnroeschen/solo/1', `the solo game is for one player, not ${n}`); }
    else if (mods.includes('duo')) { if (n !== 2) throw new Reject('bohnroeschen/two-player/1', `the two-player game is for two players, not ${n}`); }
    else if (mods.includes('bohnroeschen')) {
      if (n < 3 || n > 6) throw new Reject('ruling/bohnroeschen-table', `Bohnröschen with vine cards is for 3 to 6 players, not ${n}`);
    } else if (n < 3 || n > 5) throw new Reject('bohnanza/setup/1', `the base game is for 3 to 5 players, not ${n}`);
  }

  // The castle goes to the bottom, a short game puts the top eight in 28 out of the game
  // (ruling/short-vine-deck); four cards are turned up, or in the solo game all of them
  // (bohnroeschen/solo/1, ruling/solo-layout: the face only decides what can be seen).
  static layVines(vd, options, solo) {
    const ci = vd.indexOf('castle');
    if (ci >= 0) { vd.splice(ci, 1); vd.push('castle'); }
    const out = [];
    if ((options.vine_game || 'full') === 'short') {
      const k = Math.floor((vd.length - 1) * 8 / 28);
      out.push(...vd.splice(0, k));
    }
    const row = vd.splice(0, solo ? vd.length : 4);
    return { vine_deck: vd, vine_row: row, vine_out: out };
  }

  get roe() { return this.s.modules.includes('bohnroeschen'); }
  // the solo game plays by the two-player rules unless it says otherwise (bohnroeschen/solo/1)
  get duo() { return this.s.modules.includes('duo') || this.s.modules.includes('solo'); }
  get solo() { return this.s.modules.includes('solo'); }
  get lastExhaustion() { return this.roe ? Infinity : LAST_EXHAUSTION; }
  get actions() { return ACTIONS; }

  // an action a module adds exists only when that module is played
  actionFor(type) {
    const h = ACTIONS[type];
    return h && (this.roe || !h.roe) && (this.duo || !h.duo) ? h : null;
  }

  emit(e) {
    super.emit(e);
    if (this.roe && !this.s.over) this.eventTasks(e);
  }

  // ---- Bohnröschen: figures and vine cards
  // The card whose task the figure faces. In the solo game the figure stands on the card it has
  // fulfilled, so its task is the next one (bohnroeschen/solo/1, ruling/solo-figure-on-fulfilled-card).
  cardOf(p) { return this.s.vine_row[this.solo ? p.vars.vine_pos : p.vars.vine_pos - 1]; }

  // the card a figure stands on, as `moved` names it: in the solo game the card fulfilled or paid
  // for, and the castle once the last vine card is passed
  standsOn(p) {
    if (!this.solo || this.cardOf(p) === 'castle') return this.cardOf(p);
    return this.s.vine_row[p.vars.vine_pos - 1];
  }

  // the places of the other figures: in the solo game the neutral violet and red ones
  // (ruling/solo-neutral-figures-count)
  otherFigures(p) {
    if (this.solo) return [this.s.vars.violet_pos, this.s.vars.red_pos];
    return this.s.players.filter(q => q !== p).map(q => q.vars.vine_pos);
  }

  // an event task is met when its event happens while the figure stands on the card
  eventTasks(e) {
    for (const q of this.s.players) {
      if (q.vars.in_castle || q.vars.task_met) continue;
      const c = this.cardOf(q);
      if ((c === 'sell_for_two' && e.event === 'harvested' && e.player === q.name && e.coins === 2)
        || (c === 'buy_third_field' && e.event === 'field_bought' && e.player === q.name)
        || (c === 'draw_pile_runs_out' && e.event === 'exhausted')) q.vars.task_met = true;
    }
  }

  // a state task: met as soon as it holds while the figure stands on the card
  taskHolds(p) {
    const s = this.s;
    const count = (q, v) => q.fields.reduce((n, f) => n + f.filter(c => c === v).length, 0);
    switch (this.cardOf(p)) {
      case 'one_bean_each_field': return p.fields.every(f => f.length === 1);
      case 'blue_in_a_field': return p.fields.some(f => f.length > 0 && f[f.length - 1] === 'blue');
      case 'anyone_two_red': return s.players.some(q => count(q, 'red') >= 2);
      case 'anyone_four_green': return s.players.some(q => count(q, 'green') >= 4);
      case 'last_figure': return this.otherFigures(p).every(pos => pos > p.vars.vine_pos);
      default: return false;
    }
  }

  // a claim task: judged when claimed
  taskClaimable(p) {
    const s = this.s;
    const c = this.cardOf(p);
    if (s.phase !== 'plant_hand' || s.active !== p.name) return false;
    if (c === 'two_alike_in_phase_1') {
      const pl = p.vars.p1_plants;
      return pl.some(v => pl.filter(x => x === v).length >= 2);
    }
    if (c === 'two_onto_existing_in_phase_1') return p.vars.p1_onto_existing >= 2;
    return false;
  }

  // move a figure one card on, turn up and remove vine cards
  advance(p, outside = false) {
    const s = this.s;
    p.vars.vine_pos += 1;
    p.vars.task_met = false;
    this.emit({ event: 'moved', player: p.name, card: this.standsOn(p) });
    // the solo layout lies out whole and passed cards stay (ruling/solo-layout)
    if (!this.solo) this.tidyVineRow();
    if (this.cardOf(p) === 'castle' && !outside) {
      if (p.coins.length >= 5) {
        p.vars.in_castle = true;
        this.emit({ event: 'reached_castle', player: p.name });
      } else {
        p.vars.waiting = true;
        this.emit({ event: 'waiting_at_castle', player: p.name });
      }
    }
  }

  // three cards lie ahead of the frontmost figure, and cards every figure has passed leave
  // the game (bohnroeschen/new-vine-cards/1, /2)
  tidyVineRow() {
    const s = this.s;
    const front = Math.max(...s.players.map(q => q.vars.vine_pos));
    while (s.vine_row.length - front < 3 && s.vine_deck.length) {
      const c = s.vine_deck.shift();
      s.vine_row.push(c);
      this.emit({ event: 'vine_turned_up', card: c });
    }
    const k = Math.min(...s.players.map(q => q.vars.vine_pos)) - 1;
    if (k > 0) {
      const removed = s.vine_row.splice(0, k);
      s.vine_out = removed.reverse().concat(s.vine_out);
      for (const q of s.players) q.vars.vine_pos -= k;
    }
  }

  // a coin paid as tribute (or for a field): onto the discard pile, or with two players and
  // solo out of the game (bohnroeschen/two-player/5); `removed` is a pile, top first
  payCoin(p) {
    const coin = p.coins.shift();
    if (this.duo) this.s.removed.unshift(coin); else this.s.discard.unshift(coin);
    return coin;
  }

  afterAction() {
    const s = this.s;
    if (!this.roe || s.over) return;
    // Once a figure is in the castle (the game ending after a draft is played out), a second
    // waiting figure enters only at the end, with the others (ruling/castle-during-a-draft).
    const entered = s.players.some(q => q.vars.in_castle);
    for (const q of s.players) {
      if (q.vars.waiting && q.coins.length >= 5 && !entered) {
        q.vars.waiting = false;
        q.vars.in_castle = true;
        this.emit({ event: 'reached_castle', player: q.name });
      }
    }
    for (const q of s.players) {
      if (!q.vars.task_met && !q.vars.in_castle && this.taskHolds(q)) q.vars.task_met = true;
    }
    if (this.solo) this.pendingNeutrals();
  }

  // a task is claimed, tribute paid and a field bought between the picks of a draft too
  // (ruling/vines-during-the-draft, ruling/draft-first)
  openDuringDraft(a) { return this.roe && ['fulfil', 'tribute', 'buy_field'].includes(a.type); }

  cardsToCastle(p) {
    const s = this.s;
    const rest = s.vine_row.slice(p.vars.vine_pos - 1).concat(s.vine_deck);
    return rest.filter(c => c !== 'castle').length;
  }

  roeGameOver() {
    const s = this.s;
    // the solo game ends as it stands (ruling/solo-no-final-tribute)
    if (!this.solo) for (const p of s.players) if (!p.vars.in_castle) this.payWayToCastle(p);
    const inCastle = s.players.filter(p => p.vars.in_castle);
    const best = Math.max(...inCastle.map(p => p.coins.length));
    const winners = inCastle.filter(p => p.coins.length === best).map(p => p.name);
    s.over = true;
    s.winners = winners;
    this.emit({ event: 'game_over', winners: winners.slice() });
  }

  // at the end the others harvest, then pay one coin per card to the castle if they can
  // (bohnroeschen/end/5, ruling/final-tribute)
  payWayToCastle(p) {
    const s = this.s;
    p.fields.forEach((f, i) => { if (f.length) this.doHarvest(p, i, true); });
    if (p.vars.waiting) {
      p.vars.waiting = false;
      p.vars.in_castle = true;
      this.emit({ event: 'reached_castle', player: p.name });
      return;
    }
    const need = this.cardsToCastle(p);
    if (p.coins.length < need) return;
    for (let i = 0; i < need; i++) this.emit({ event: 'tribute_paid', player: p.name, coin: this.payCoin(p) });
    s.vine_row.push(...s.vine_deck);
    s.vine_deck = [];
    p.vars.vine_pos = s.vine_row.length;
    p.vars.in_castle = true;
    this.emit({ event: 'reached_castle', player: p.name });
  }

  // ---- the solo game's neutral figures
  // The rows (ruling/solo-layout): the first three hold a quarter of the vine cards laid out
  // (rounded down), the fourth the rest with the castle last.
  rowLength() { return Math.floor((this.s.vine_row.length + this.s.vine_deck.length - 1) / 4); }

  // the row a neutral figure stands in; before the first card counts as the first row
  rowOf(pos) { return pos === 0 ? 1 : Math.min(4, Math.ceil(pos / this.rowLength())); }

  // before phase 1 violet moves by its row's step; red follows one card when violet is then
  // ahead of the player's figure (bohnroeschen/solo/2)
  // DOC GAP: SCENARIOS.md does not say that a neutral figure stops on the castle's place when
  // its step would take it further (solo/independent/violet-overshoots-the-castle-lost-01).
  moveNeutrals(p) {
    const v = this.s.vars;
    const castle = this.s.vine_row.length;
    v.violet_pos = Math.min(castle, v.violet_pos + [1, 2, 3, 3][this.rowOf(v.violet_pos) - 1]);
    this.emit({ event: 'neutral_moved', figure: 'violet', position: v.violet_pos });
    if (v.violet_pos > p.vars.vine_pos) {
      v.red_pos = Math.min(castle, v.red_pos + 1);
      this.emit({ event: 'neutral_moved', figure: 'red', position: v.red_pos });
    }
  }

  mayClaimNow(p) {
    return !p.vars.in_castle && !p.vars.waiting && (p.vars.task_met || this.taskHolds(p) || this.taskClaimable(p));
  }

  // the waiting move comes once she has done something else than claim, or has no claim left
  pendingNeutrals() {
    const v = this.s.vars;
    if (!v.neutral_pending) return;
    if (v.neutral_pending === 2) { v.neutral_pending = 3; return; }
    const p = this.player(this.s.active);
    if (v.neutral_pending === 1 && this.mayClaimNow(p)) { v.neutral_pending = 3; return; }
    v.neutral_pending = 0;
    if (this.s.players.some(q => q.vars.in_castle)) return;
    this.moveNeutrals(p);
    if (this.neutralInCastle()) this.soloLost();
  }

  // a neutral figure on the castle card's place, before the player is in the castle, has
  // won the race (ruling/solo-lost)
  neutralInCastle() {
    const castle = this.s.vine_row.length;
    return this.s.vars.violet_pos >= castle || this.s.vars.red_pos >= castle;
  }

  soloLost() {
    const s = this.s;
    s.vars.lost = true;
    s.over = true;
    s.winners = [];
    this.emit({ event: 'game_over', winners: [] });
  }

  // ---- turn flow: where Bohnröschen and the two-player game change the base game's
  // the two-player and solo turn has its own phases (startDuoTurn)
  beginTurn(p) {
    if (this.duo) this.startDuoTurn();
    else super.beginTurn(p);
  }

  enterPhase(ph) {
    if (this.duo) this.s.vars.hand_discards = 0;
    if (this.roe) for (const q of this.s.players) { q.vars.p1_plants = []; q.vars.p1_onto_existing = 0; }
    super.enterPhase(ph);
  }

  endPhase(p) {
    if (this.duo) this.endDuoPhase(p);
    else super.endPhase(p);
  }

  // With two players (and solo) one card is played from the hand (bohnroeschen/two-player/9,
  // ruling/duo-one-hand-card); Bohnröschen's phase-1 tasks count what was planted, and onto what.
  plantFromHand(p, field, i) {
    if (this.duo) oneHandPlay(this);
    const card = super.plantFromHand(p, field, i);
    if (this.roe) { p.vars.p1_plants.push(card); if (p.fields[field - 1].length > 1) p.vars.p1_onto_existing += 1; }
    return card;
  }

  drawCards(p) {
    if (this.duo) this.drawTwo(p);
    else super.drawCards(p);
  }

  // in Bohnröschen the intermediate phase follows phase 4 (bohnroeschen/intermediate-phase/1)
  endTurn(p) {
    if (this.roe && !this.s.vars.cut_short) { this.enterPhase('intermediate'); return; }
    super.endTurn(p);
  }

  // ---- the two-player and solo turn
  // Solo: the neutral figures move before phase 1 (bohnroeschen/solo/2), and one reaching the
  // castle ends the game there (ruling/solo-lost). Two players: phase 0 is entered, and left at
  // once when the opponent left nothing in the middle (bohnroeschen/two-player/8).
  startDuoTurn() {
    const s = this.s;
    if (this.solo) {
      // A task of hers met as the turn begins is claimed first: the move waits for her claims
      // (ruling/solo-neutral-move-at-turn-start; 2: set in this action, 3: waiting, 1: claimed).
      if (this.mayClaimNow(this.player(s.active))) { s.vars.neutral_pending = 2; this.enterPlantHand(); return; }
      this.moveNeutrals(this.player(s.active));
      if (this.neutralInCastle()) { this.soloLost(); return; }
    } else {
      this.enterPhase('leftovers');
      if (s.middle.length > 0) return;
    }
    this.enterPlantHand();
  }

  // an empty hand skips phase 1, and phase 2 runs by itself (bohnanza/phase-1/6)
  enterPlantHand() {
    this.enterPhase('plant_hand');
    if (this.player(this.s.active).hand.length === 0) this.revealThree();
  }

  // Phase 0 ends: what is still in the middle goes onto the discard pile as it lay, the first
  // on top, each card reported after the phase 1 it leads into (SCENARIOS.md).
  endLeftovers() {
    const s = this.s;
    const rest = s.middle;
    s.middle = [];
    this.enterPhase('plant_hand');
    s.discard = rest.concat(s.discard);
    for (const card of rest) this.emit({ event: 'discarded', player: s.active, card });
    // as in enterPlantHand, but the discards are reported before an empty hand's reveal
    if (this.player(s.active).hand.length === 0) this.revealThree();
  }

  // Phase 2 (bohnroeschen/two-player/10): three cards turned up, then the discard pile's top
  // card taken while it matches a revealed variety. A pile emptied by the third card is
  // reshuffled only after that (two-player/13); emptied earlier, at once, as a card is needed.
  revealThree() {
    const s = this.s;
    this.enterPhase('reveal_three');
    let reshuffleDue = false;
    for (let i = 0; i < 3; i++) {
      const c = this.takeCard();
      if (c === null) break;
      s.revealed.push(c);
      this.emit({ event: 'revealed', card: c });
      reshuffleDue = this.afterTake(true, i === 2);
    }
    while (s.discard.length > 0 && s.revealed.includes(s.discard[0])) {
      const c = s.discard.shift();
      s.revealed.push(c);
      this.emit({ event: 'revealed', card: c });
    }
    if (reshuffleDue) this.reshuffle();
    this.enterPhase('plant_revealed');
  }

  // Phase 3 ends: the beans not planted are left in the middle for the opponent
  // (two-player/11), or in the solo game go onto the discard pile, the first kind on top,
  // without an event (bohnroeschen/solo/3, SCENARIOS.md). They lie a kind together
  // (two-player/10), each kind where it first turned up.
  endPlantRevealed() {
    const s = this.s;
    const kinds = [...new Set(s.revealed)];
    const laid = kinds.flatMap(k => s.revealed.filter(c => c === k));
    if (this.solo) s.discard = laid.concat(s.discard);
    else s.middle = s.middle.concat(laid);
    s.revealed = [];
    this.enterPhase('draw_cards');
  }

  // end_phase with two players or solo; phase 2 never waits for one (it runs by itself)
  endDuoPhase(p) {
    const s = this.s;
    if (s.phase === 'leftovers') this.endLeftovers();
    else if (s.phase === 'plant_hand') {
      if (s.vars.planted === 0 && p.hand.length > 0) throw new Reject('bohnanza/phase-1/1', 'a hand card must be played first');
      this.revealThree();
    } else if (s.phase === 'plant_revealed') this.endPlantRevealed();
    else throw new Reject('bohnanza/course-of-play/3', `no phase ${s.phase} to end`);
  }

  // two cards in phase 4, and the turn is over (two-player/12): to the opponent, or solo again
  drawTwo(p) {
    for (let i = 0; i < 2; i++) {
      const c = this.takeCard();
      if (c === null) break;
      p.hand.push(c);
      this.emit({ event: 'drew', player: p.name, card: c });
      this.afterTake(false);
    }
    this.startTurn(this.solo ? p.name : this.left(p.name));
  }

  // ---- end of the game: Bohnröschen's at the castle, the base game's after the third running out
  maybeEnd() {
    const s = this.s;
    if (s.over) return;
    if (s.vars.choice === 'draft') return;
    if (this.roe) { if (s.players.some(p => p.vars.in_castle)) this.roeGameOver(); return; }
    if (s.vars.cut_short) this.gameOver();
  }
}

// a figure entered the castle while a draft is played out: the game is decided, nobody claims,
// pays or buys any more (ruling/castle-during-a-draft)
function decided(g) {
  if (g.s.players.some(q => q.vars.in_castle)) throw new Reject('ruling/castle-during-a-draft', 'a figure is in the castle: the game is decided');
}

// the two-player turn has no trading phase (bohnroeschen/two-player/7, ruling/duo-no-trading)
function noTrading(g) {
  if (g.duo) throw new Reject('bohnroeschen/two-player/7', 'there is no trading in the two-player game');
}

// with two players (and solo), harvests, purchases and tribute happen on one's own turn
// (bohnroeschen/two-player/2, /3, /4)
function ownTurnOnly(g, p, rule, what) {
  if (g.duo && g.s.active !== p.name) throw new Reject(rule, `with two players, ${what} only on your own turn`);
}

// with two players (and solo) one card is played from the hand (bohnroeschen/two-player/9,
// ruling/duo-one-hand-card)
function oneHandPlay(g) {
  if (g.s.vars.planted >= 1) throw new Reject('bohnroeschen/two-player/9', 'with two players, one card is played from the hand');
}

// the cards of one variety in a pile, or a refusal when there are none
function cardsOfKind(pile, variety) {
  const n = pile.filter(c => c === variety).length;
  if (n === 0) throw new Reject('ruling/no-such-card', `no ${variety} bean to take`);
  return n;
}

function needVariety(a) { if (typeof a.variety !== 'string') throw new Malformed('parameter variety must be a variety id'); }

// Bohnröschen's intermediate phase is for passing, tribute and fulfilling tasks
function notInIntermediate(rule, reason) {
  return g => { if (g.s.phase === 'intermediate') throw new Reject(rule, reason); };
}

// The base game's actions (base-game.js), with the refusals Bohnröschen and the two-player game
// add before them; then each module's own actions, which exist only when it is played.
const ACTIONS = {
  ...BASE_ACTIONS,
  end_phase: guard(BASE_ACTIONS.end_phase, notInIntermediate('bohnroeschen/intermediate-phase/2', 'the intermediate phase ends when every player has passed')),
  offer: guard(BASE_ACTIONS.offer, noTrading),
  accept: guard(BASE_ACTIONS.accept, noTrading),
  decline: guard(BASE_ACTIONS.decline, noTrading),
  // revealed beans go a whole variety at a time (plant_kind)
  plant_card: guard(BASE_ACTIONS.plant_card, g => {
    if (g.duo) throw new Reject('bohnroeschen/two-player/11', 'with two players, a revealed variety is planted whole, with plant_kind');
  }),
  harvest: guard(BASE_ACTIONS.harvest, (g, p) => {
    // the figure in the castle has ended the game: only the others harvest (bohnroeschen/end/5)
    if (p.vars && p.vars.in_castle) throw new Reject('ruling/ender-does-not-harvest', 'your figure is in the castle: only the other players harvest');
    ownTurnOnly(g, p, 'bohnroeschen/two-player/2', 'fields are harvested');
    if (g.s.phase === 'intermediate') throw new Reject('bohnroeschen/intermediate-phase/1', 'no field is harvested in the intermediate phase');
  }),
  draw: guard(BASE_ACTIONS.draw, notInIntermediate('bohnroeschen/intermediate-phase/1', 'the cards were drawn already; the intermediate phase ends by passing')),
};

Object.assign(ACTIONS, {
  fulfil: {
    roe: true,
    check(g, a) { allowOnly(a, []); },
    run(g, p, a) {
      decided(g);
      if (p.vars.in_castle || p.vars.waiting) throw new Reject('bohnroeschen/end/3', 'your figure is at the castle already');
      if (!(p.vars.task_met || g.taskHolds(p) || g.taskClaimable(p))) throw new Reject('bohnroeschen/tasks/1', `the task of ${g.cardOf(p)} is not fulfilled`);
      g.emit({ event: 'fulfilled', player: p.name, card: g.cardOf(p) });
      g.advance(p);
      if (g.solo && g.s.vars.neutral_pending) g.s.vars.neutral_pending = 1;
    },
  },
  tribute: {
    roe: true,
    check(g, a) { allowOnly(a, []); },
    run(g, p, a) {
      const s = g.s;
      ownTurnOnly(g, p, 'bohnroeschen/two-player/4', 'tribute is paid');
      if (s.phase !== 'intermediate' && s.active !== p.name) throw new Reject('bohnroeschen/tribute/4', 'tribute is paid on your own turn or in the intermediate phase');
      decided(g);
      if (p.vars.in_castle || p.vars.waiting) throw new Reject('bohnroeschen/end/3', 'your figure is at the castle already');
      if (p.coins.length === 0) throw new Reject('bohnroeschen/tribute/1', 'you have no coin to pay');
      const coin = g.payCoin(p);
      g.emit({ event: 'tribute_paid', player: p.name, coin });
      // solo: the neutral figures' move that waits for her claims comes before her figure
      // steps on (ruling/solo-neutral-move-at-turn-start); should it lose her the game, her
      // figure still steps on, outside the castle (ruling/solo-lost), and the game is over once
      // the tribute is (ruling/end-after-action)
      let lost = false;
      if (g.solo && s.vars.neutral_pending) {
        s.vars.neutral_pending = 0;
        if (!s.players.some(q => q.vars.in_castle)) {
          g.moveNeutrals(p);
          lost = g.neutralInCastle();
        }
      }
      if (s.phase === 'intermediate') for (const q of s.players) q.vars.passed = false;
      g.advance(p, lost);
      if (lost && !s.over) g.soloLost();
    },
  },
  buy_field: {
    roe: true,
    check(g, a) { allowOnly(a, []); },
    run(g, p, a) {
      ownTurnOnly(g, p, 'bohnroeschen/two-player/3', 'a third field is bought');
      decided(g);
      if (p.fields.length >= 3) throw new Reject('ruling/third-field-classic', 'you have three bean fields already');
      if (p.vars.bought_field) throw new Reject('ruling/third-field-classic', 'a third bean field is bought once per game');
      if (p.coins.length < 3) throw new Reject('ruling/third-field-classic', 'a third bean field costs three coins');
      for (let i = 0; i < 3; i++) g.payCoin(p);
      p.fields.push([]);
      p.vars.bought_field = true;
      g.emit({ event: 'field_bought', player: p.name });
    },
  },
  pass: {
    roe: true,
    check(g, a) { allowOnly(a, []); },
    run(g, p, a) {
      const s = g.s;
      if (s.phase !== 'intermediate') throw new Reject('ruling/intermediate-passes', 'passing is for the intermediate phase');
      if (p.vars.passed) throw new Reject('ruling/intermediate-passes', 'you have passed already');
      p.vars.passed = true;
      g.emit({ event: 'passed', player: p.name });
      if (s.players.every(q => q.vars.passed)) {
        for (const q of s.players) q.vars.passed = false;
        g.startTurn(g.left(s.active));
      }
    },
  },
});

// the two-player game's own actions (SCENARIOS.md, "The two-player game")
Object.assign(ACTIONS, {
  // phase 0 from the middle, phase 3 from the revealed beans: every bean of the variety into
  // one field (bohnroeschen/two-player/8, /11, ruling/duo-leftovers-one-field)
  plant_kind: {
    duo: true,
    check(g, a) { allowOnly(a, ['variety', 'field']); needVariety(a); needInt(a, 'field'); },
    run(g, p, a) {
      const s = g.s;
      // the solo game has no phase 0: its own reason outside phase 3 (bohnroeschen/solo/1)
      if (g.solo && s.phase !== 'plant_revealed') throw new Reject('bohnroeschen/two-player/11', 'in the solo game the revealed beans are planted a whole variety into one field, in phase 3');
      const pileName = s.phase === 'leftovers' ? 'middle' : s.phase === 'plant_revealed' ? 'revealed' : null;
      if (pileName === null || s.active !== p.name) throw new Reject('bohnroeschen/two-player/8', 'beans are taken by variety in phase 0 and phase 3, by the active player');
      const pile = s[pileName];
      const n = cardsOfKind(pile, a.variety);
      if (a.field < 1 || a.field > p.fields.length) throw new Reject('ruling/no-such-card', `no field ${a.field}`);
      const f = p.fields[a.field - 1];
      if (!fits(f, a.variety)) throw new Reject('bohnanza/course-of-play/8', `field ${a.field} holds another variety`);
      s[pileName] = pile.filter(c => c !== a.variety);
      for (let i = 0; i < n; i++) {
        f.push(a.variety);
        g.emit({ event: 'planted', player: p.name, field: a.field, card: a.variety });
      }
    },
  },
  // phase 0: every leftover bean of one variety onto the discard pile (bohnroeschen/two-player/8);
  // the solo game: the unwanted revealed beans in phase 3, in the order she likes
  // (ruling/solo-discard-order)
  discard_kind: {
    duo: true,
    check(g, a) { allowOnly(a, ['variety']); needVariety(a); },
    run(g, p, a) {
      const s = g.s;
      const phase = g.solo ? 'plant_revealed' : 'leftovers';
      if (g.solo && s.phase !== phase) throw new Reject('bohnroeschen/solo/3', 'the beans the solo player does not want go onto the discard pile in phase 3');
      if (s.phase !== phase || s.active !== p.name) throw new Reject('bohnroeschen/two-player/8', 'leftovers are discarded in phase 0 (solo: unwanted revealed beans in phase 3), by the active player');
      const pileName = g.solo ? 'revealed' : 'middle';
      const n = cardsOfKind(s[pileName], a.variety);
      if (n === 0) throw new Reject('ruling/no-such-card', `no ${a.variety} bean to discard`);
      s[pileName] = s[pileName].filter(c => c !== a.variety);
      for (let i = 0; i < n; i++) {
        s.discard.unshift(a.variety);
        g.emit({ event: 'discarded', player: p.name, card: a.variety });
      }
    },
  },
  // phase 1: the second hand card instead of the foremost (two-player/9, ruling/duo-one-hand-card)
  plant_second: {
    duo: true,
    check(g, a) { allowOnly(a, ['field']); needInt(a, 'field'); },
    run(g, p, a) {
      const s = g.s;
      if (s.active !== p.name || s.phase !== 'plant_hand') throw new Reject('bohnanza/phase-1/1', 'only the active player plants from hand, in phase 1');
      g.plantFromHand(p, a.field, 1);
    },
  },
  // phase 1: one hand card onto the discard pile, before or after the play, but never the only
  // card before it (two-player/9, ruling/duo-discard-leaves-a-play)
  discard_card: {
    duo: true,
    check(g, a) { allowOnly(a, ['card']); needRef(a, 'card'); },
    run(g, p, a) {
      const s = g.s;
      if (s.active !== p.name || s.phase !== 'plant_hand') throw new Reject('bohnroeschen/two-player/9', 'only the active player discards a hand card, in phase 1');
      if (s.vars.hand_discards >= 1) throw new Reject('bohnroeschen/two-player/9', 'one hand card may be discarded in phase 1');
      const r = parseRef(a.card);
      if (r.zone !== 'hand' || r.n < 1 || r.n > p.hand.length) throw new Reject('ruling/no-such-card', `no card ${a.card} in your hand`);
      // DOC GAP: SCENARIOS.md's refusal table pairs this case with ruling/duo-discard-leaves-a-play,
      // but duo/phase-1/single-card-must-be-played-01 accepts only bohnroeschen/two-player/9.
      if (s.vars.planted === 0 && p.hand.length === 1) throw new Reject('bohnroeschen/two-player/9', 'the only hand card must be played, not discarded (ruling/duo-discard-leaves-a-play)');
      const [card] = p.hand.splice(r.n - 1, 1);
      s.discard.unshift(card);
      s.vars.hand_discards += 1;
      g.emit({ event: 'discarded', player: p.name, card });
    },
  },
});

// ---------------------------------------------------------------- protocol
serve({
  engine: { name: 'bohnanza-js', version: '0.2', language: 'javascript' },
  capabilities: { modules: ['base', 'bohnroeschen', 'duo', 'solo'], rule_ids: true, events: true, legal_actions: false, options: { beans: ['garden', 'jumping'], vine_game: ['full', 'short'] }, internal_state: false },
}, Game);
