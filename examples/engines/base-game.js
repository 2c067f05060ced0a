// The base game's turn, as the example engines share it: a class the engines' games extend and
// the handlers of the base game's actions (plant, end_phase, offer, accept, decline, plant_card,
// harvest, draw, draft). An engine overrides a method, or puts its own refusals before a handler
// with `guard`, where its module changes the base game; what it does not override is the base
// game of bohnanza.md (phases 1 to 4, trading, the Jumping Bean draft, the end after the third
// running out). Written from the rulebooks and conformance/PROTOCOL.md + SCENARIOS.md only.
'use strict';
const { Reject, Malformed, coinsFor, expand, parseRef, needInt, needRef, needRefs, allowOnly, fits } = require('./common.js');

// How a game's refusals name the parts of a turn and what is done in them: the base game says
// "phase", the Bohnaparte rulebook "step" (and counts its attack step among them).
const BASE_WORDS = {
  part: 'phase', plant_hand: 'phase 1', trade: 'phase 2', plant_trades: 'phase 3', draw_cards: 'phase 4',
  played: 'planted', to_plant: 'planted', draft_waits: 'a draft is under way',
};

// ---- the state (SCENARIOS.md, "The state"): the base game's parts, in the order the engines
// write them, with what a state may leave out filled in

// a player with `nf` bean fields
function playerState(p, nf) {
  const fields = (p.fields || []).map(expand);
  while (fields.length < nf) fields.push([]);
  return { name: p.name, hand: expand(p.hand), fields, coins: expand(p.coins), received: expand(p.received) };
}

// the turn and the piles
function turnState(st, players) {
  const starting = st.starting_player || players[0].name;
  return {
    players,
    starting_player: starting,
    active: st.active || starting,
    phase: st.phase || 'plant_hand',
    draw_pile: expand(st.draw_pile), discard: expand(st.discard),
    revealed: expand(st.revealed), draft: expand(st.draft),
    shuffles: (st.shuffles || []).map(expand),
  };
}

// the variables of the base game's turn: phase 1's plants, the open offer, a draft, the end
function baseVars() {
  return {
    exhaustions: 0, planted: 0, offer_from: null, offer_to: null, offer_give: [], offer_get: [],
    choice: null, chooser: null, draft_owner: null, cut_short: false,
  };
}

// a new game's players: five cards each, dealt one at a time from the first named on
// (ruling/deal-order)
function dealHands(names, deck, nf) {
  const players = names.map(n => ({ name: n, hand: [], fields: Array.from({ length: nf }, () => []), coins: [], received: [] }));
  for (let r = 0; r < 5; r++) for (const p of players) if (deck.length) p.hand.push(deck.shift());
  return players;
}

class BaseGame {
  constructor(s) { this.s = s; this.events = []; }

  // the refusals' words (BASE_WORDS), the action handlers and the running outs that end the game
  get words() { return BASE_WORDS; }
  get actions() { return BASE_ACTIONS; }
  get lastExhaustion() { return 3; }
  get pileGone() { return this.s.vars.exhaustions >= this.lastExhaustion; }

  emit(e) { this.events.push(e); }

  player(name) { return this.s.players.find(p => p.name === name); }
  idx(name) { return this.s.players.findIndex(p => p.name === name); }
  left(name) { const i = this.idx(name); return this.s.players[(i + 1) % this.s.players.length].name; }
  right(name) { const n = this.s.players.length; const i = this.idx(name); return this.s.players[(i - 1 + n) % n].name; }

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

  // The last card was taken: the pile has run out, and unless for the last time it is
  // reshuffled at once. The last time other than while revealing cuts the game short. With
  // `defer` the reshuffle waits for the caller (the two-player reveal takes its matching
  // discards first, bohnroeschen/two-player/13): it returns whether a reshuffle is then due.
  afterTake(revealing, defer) {
    const s = this.s;
    if (!this.pendingAfterTake) return false;
    this.pendingAfterTake = false;
    s.vars.exhaustions += 1;
    this.emit({ event: 'exhausted', count: s.vars.exhaustions });
    if (this.pileGone) {
      if (!revealing) s.vars.cut_short = true;
      return false;
    }
    if (defer) return true;
    this.reshuffle();
    return false;
  }

  // ---- turn flow
  startTurn(name) {
    this.s.active = name;
    this.emit({ event: 'turn', active: name });
    this.beginTurn(this.player(name));
  }

  // what follows the `turn` event: phase 1, or phase 2 at once with an empty hand
  beginTurn(p) {
    this.enterPhase('plant_hand');
    if (p.hand.length === 0) this.enterPhase('trade');
  }

  // phase 2 begins by turning up cards (revealCount of them, two in the base game)
  enterPhase(ph) {
    const s = this.s;
    s.phase = ph;
    s.vars.planted = 0;
    this.emit({ event: 'phase', phase: ph });
    if (ph === 'trade') {
      const n = this.revealCount();
      for (let i = 0; i < n; i++) {
        const c = this.takeCard();
        if (c === null) break;
        s.revealed.push(c);
        this.emit({ event: 'revealed', card: c });
        this.afterTake(true);
      }
    }
  }
  revealCount() { return 2; }

  // end_phase, once the shared checks passed: phase 1 needs a card planted, ending phase 2
  // withdraws an open offer (reported like any withdrawal), phase 3 needs every traded and
  // revealed card planted
  endPhase(p) {
    const s = this.s;
    const w = this.words;
    if (s.phase === 'plant_hand') {
      if (s.vars.planted === 0 && p.hand.length > 0) throw new Reject('bohnanza/phase-1/1', `the foremost card must be ${w.played} first`);
      this.enterPhase('trade');
    } else if (s.phase === 'trade') {
      if (s.vars.offer_from !== null) this.emit({ event: 'declined', from: s.vars.offer_from, to: s.vars.offer_to });
      this.clearOffer();
      this.enterPhase('plant_trades');
    } else if (s.phase === 'plant_trades') {
      if (s.revealed.length > 0 || s.players.some(q => q.received.length > 0))
        throw new Reject('bohnanza/phase-3/1', `traded and revealed cards must be ${w.to_plant} first`);
      this.tradesPlanted();
    } else {
      throw new Reject('bohnanza/course-of-play/3', `no ${w.part} ${s.phase} to end`);
    }
  }

  // phase 3 is over: after the last running out (while revealing) the game ends here, else phase 4
  tradesPlanted() {
    if (this.pileGone) {
      this.s.vars.cut_short = true;
      this.gameOver();
      return;
    }
    this.enterPhase('draw_cards');
  }

  // plant the hand card at index i (0 the foremost) into a field, in phase 1; returns the card
  plantFromHand(p, field, i) {
    const s = this.s;
    if (field < 1 || field > p.fields.length) throw new Reject('ruling/no-such-card', `no field ${field}`);
    if (p.hand.length <= i) throw new Reject('ruling/no-such-card', i === 0 ? 'the hand is empty' : `no hand card ${i + 1}`);
    if (s.vars.planted >= 2) throw new Reject('bohnanza/phase-1/3', 'no third card may be planted');
    const card = p.hand[i];
    const f = p.fields[field - 1];
    if (!fits(f, card)) throw new Reject('bohnanza/course-of-play/8', `field ${field} holds another variety`);
    p.hand.splice(i, 1);
    f.push(card);
    s.vars.planted += 1;
    this.emit({ event: 'planted', player: p.name, field, card });
    return card;
  }

  // a card of phase 3 the module does not let be planted (none in the base game)
  refusePlanting(p, r) {}

  clearOffer() {
    const v = this.s.vars;
    v.offer_from = null; v.offer_to = null; v.offer_give = []; v.offer_get = [];
  }

  // Phase 4: the cards drawn into the hand, then the turn passes
  drawCards(p) {
    const n = this.drawCount(p);
    for (let i = 0; i < n; i++) {
      const c = this.takeCard();
      if (c === null) break;
      p.hand.push(c);
      this.emit({ event: 'drew', player: p.name, card: c });
      this.afterTake(false);
    }
    this.clearOffer();
    this.endTurn(p);
  }
  drawCount(p) { return 3; }

  // the turn passes, unless the last running out ends the game in phase 4 (ruling/end-after-action)
  endTurn(p) {
    if (this.s.vars.cut_short) return;
    this.startTurn(this.left(p.name));
  }

  // ---- harvest and the Jumping Bean draft
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

  // the card left is the owner's coin; more cannot be left with players+1 cards, but would go
  // onto the discard pile
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

  // ---- the end
  // after each action, once no choice is pending: the last running out
  maybeEnd() {
    const s = this.s;
    if (s.over || s.vars.choice !== null) return;
    if (s.vars.cut_short) this.gameOver();
  }

  // Every field is harvested; the highest score (the coins in the base game) wins, a tie going
  // to the player furthest clockwise from the starting player.
  gameOver() {
    const s = this.s;
    for (const p of s.players) p.fields.forEach((f, i) => { if (f.length) this.doHarvest(p, i, true); });
    const n = s.players.length;
    const st = this.idx(s.starting_player);
    let best = -1, bestDist = -1, winner = null;
    s.players.forEach((p, i) => {
      const score = this.score(p);
      const d = (i - st + n) % n;
      if (score > best || (score === best && d > bestDist)) { best = score; bestDist = d; winner = p.name; }
    });
    s.over = true;
    s.winners = [winner];
    this.emit({ event: 'game_over', winners: [winner] });
  }
  score(p) { return p.coins.length; }

  // ---- actions
  apply(a) {
    if (typeof a !== 'object' || a === null) throw new Malformed('action is not an object');
    if (typeof a.type !== 'string') throw new Malformed('action without type');
    if (typeof a.player !== 'string') throw new Malformed('action without player');
    const handler = this.actionFor(a.type);
    if (!handler) throw new Malformed(`unknown action type ${a.type}`);
    const p = this.player(a.player);
    if (!p) throw new Malformed(`no player named ${a.player}`);
    handler.check(this, a);
    this.gate(a, p);
    handler.run(this, p, a);
    this.afterAction();
    this.maybeEnd();
  }

  actionFor(type) { return this.actions[type]; }

  // what the game's end or a pending choice leaves open: during a draft, drafting, harvesting
  // and what a module lets through (openDuringDraft)
  gate(a, p) {
    const s = this.s;
    if (s.over) throw new Reject('ruling/game-over', 'the game is over');
    if (s.vars.choice === 'draft' && a.type !== 'draft' && a.type !== 'harvest' && !this.openDuringDraft(a))
      throw new Reject('ruling/draft-first', 'a Jumping Bean draft is under way');
  }
  openDuringDraft(a) { return false; }

  // what a module checks after every action (nothing in the base game)
  afterAction() {}
}

// A handler with a module's own refusals checked before the base game's.
function guard(action, refuse) {
  return { ...action, run(g, p, a) { refuse(g, p, a); action.run(g, p, a); } };
}

// The base game's actions: `check` the parameters' shape (Malformed), `run` the rules (Reject)
// and the action's effects on `g`, the game, for `p`, the player acting.
const BASE_ACTIONS = {
  plant: {
    check(g, a) { allowOnly(a, ['field']); needInt(a, 'field'); },
    run(g, p, a) {
      const s = g.s;
      if (s.active !== p.name || s.phase !== 'plant_hand') throw new Reject('bohnanza/phase-1/1', `only the active player plants from hand, in ${g.words.plant_hand}`);
      g.plantFromHand(p, a.field, 0);
    },
  },
  end_phase: {
    check(g, a) { allowOnly(a, []); },
    run(g, p, a) {
      const s = g.s;
      if (s.active !== p.name) throw new Reject('bohnanza/course-of-play/3', `only the active player ends a ${g.words.part}`);
      if (s.phase === 'draw_cards') throw new Reject('bohnanza/phase-4/1', `${g.words.draw_cards} ends by drawing`);
      g.endPhase(p);
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
      tradingPhase(g);
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
      tradingPhase(g);
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
      tradingPhase(g);
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
      const w = g.words;
      if (s.phase !== 'plant_trades') throw new Reject('ruling/plant-in-phase-3-only', `traded and revealed cards are planted in ${w.plant_trades}`);
      const isActive = s.active === p.name;
      if (p.received.length === 0 && !(isActive && s.revealed.length > 0)) throw new Reject('bohnanza/phase-3/1', 'nothing to plant');
      const r = parseRef(a.card);
      g.refusePlanting(p, r);
      if (r.zone !== 'received' && r.zone !== 'revealed') throw new Reject('bohnanza/phase-3/1', `only received or revealed cards are planted in ${w.plant_trades}`);
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
      // a draft waits for any pending choice (ruling/draft-first; in the war games a combat's,
      // ruling/combat-first)
      if (f[f.length - 1] === 'jumping' && f.length >= 2 && s.vars.choice !== null) {
        throw new Reject(s.vars.choice === 'draft' ? 'ruling/draft-first' : 'ruling/combat-first', g.words.draft_waits);
      }
      g.doHarvest(p, a.field - 1, false);
    },
  },
  draw: {
    check(g, a) { allowOnly(a, []); },
    run(g, p, a) {
      const s = g.s;
      if (s.active !== p.name || s.phase !== 'draw_cards') throw new Reject('bohnanza/phase-4/1', `only the active player draws, in ${g.words.draw_cards}`);
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
};

function tradingPhase(g) {
  if (g.s.phase !== 'trade') throw new Reject('bohnanza/course-of-play/5', `trading happens in ${g.words.trade}`);
}

module.exports = { BaseGame, BASE_ACTIONS, BASE_WORDS, guard, playerState, turnState, baseVars, dealHands };
