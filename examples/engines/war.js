// What the two war games on a map share on top of the base game (base-game.js): the map, the
// landscapes a player holds, a turn with income, more cards revealed and drawn for the spaces
// held, the attack step after phase 3 and its combat, the camp choice, the end by points. An
// engine gives its own card table (`cards`), its refusals' rule ids and what its game adds.
// Written from the rulebooks and conformance/PROTOCOL.md + SCENARIOS.md ("Games on a map") only.
'use strict';
const { Reject, Unsupported, needRef, needSpace, allowOnly } = require('./common.js');
const { BaseGame, BASE_WORDS } = require('./base-game.js');

// a bean card's combat value is its number: how many of it the box holds
// (dschingis/combat/8, bohnaparte/attack/13)
const VALUE = { blue: 20, fire: 18, broad: 16, green: 14, soy: 12, black_eyed: 10, red: 8, garden: 6, jumping: 6 };
// riders and a cavalry fight their first round with 17 (dschingis/riders/3, bohnaparte/cavalry/1)
const MOUNTED_VALUE = 17;
const TOKENS = 12;                       // each player's tokens (dschingis/setup/12, bohnaparte/components/1)

// A map: its spaces in board order, the card each lays ('*': dealt at setup) and who touches
// whom (docs/LANGUAGE.md, "Maps"; SCENARIOS.md, "Games on a map"). `boards` are the declared
// ones a name stands for. A grid (the chessboard of bohnaparte/variants/3) has no diagonal
// neighbours.
function buildMap(board, boards) {
  const def = typeof board === 'string' ? boards[board] : board;
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

// `space`: what the game calls a space's card
const WAR_WORDS = { ...BASE_WORDS, space: 'landscape', draft_waits: 'a draft cannot start while a choice is pending' };

// An engine's game gives `cards` (a landscape's points, floor and flags: `barrier` a river,
// `mounted` riders or a cavalry, `income` a card at the turn's start, `reveals` and `draws` one
// card more in phases 2 and 4), `campRule`, `storeOf(p)` and `storeChoice` (the cart or sutler
// drawn cards go onto), `points(p)`, and `parseCombatCard(p, ref, side)` and `layCard(p, r)`
// (the zones a combat card comes from). It may change the combat with `defenceBonus`, `winsTie`
// and `afterConquest`.
class WarGame extends BaseGame {
  constructor(s, boards) {
    super(s);
    this.map = buildMap(s.board, boards);
  }

  get words() { return WAR_WORDS; }

  // ---- the realm
  land(id) { return this.cards[this.s.spaces[id].card] || {}; }
  owned(name) { return this.map.ids.filter(id => this.s.spaces[id].owner === name); }
  ownsKind(name, kind) { return this.owned(name).filter(id => this.s.spaces[id].card === kind).length; }
  ownsWith(name, flag) { return this.owned(name).filter(id => this.land(id)[flag]).length; }
  isRiver(id) { return !!this.land(id).barrier; }
  // the floor a landscape's defender fights with at least
  floorOf(id) { return this.land(id).floor || 0; }

  // Which spaces a player may attack: those next to a landscape he holds, and with a forest
  // anywhere also those beyond a river, or a chain of touching rivers, that touches one
  // (dschingis/combat/5, dschingis/landscapes/7 and /8, bohnaparte/attack/9, bohnaparte/forest/2,
  // ruling/river-crossing).
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

  score(p) { return this.points(p); }

  // A combat card from the pile, taken when chosen (ruling/pile-card-taken-when-chosen). Once
  // the pile has run out for the last time, the discard pile is shuffled into a new one
  // (dschingis/end/2, bohnaparte/end/2); with both piles empty there is no card (ruling/empty-stack).
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
  // After `turn`: an offer left open is gone, the active player's defeated riders stand up again
  // (dschingis/riders/11, bohnaparte/cavalry/3), one card per income landscape he holds
  // (dschingis/landscapes/9, bohnaparte/monastery/1, ruling/one-card-per-gemstone-field), then
  // phase 1 as in the base game.
  beginTurn(p) {
    const s = this.s;
    this.clearOffer();
    for (const id of this.owned(p.name)) if (this.land(id).mounted) s.spaces[id].ready = true;
    for (const id of this.owned(p.name)) {
      if (!this.land(id).income) continue;
      const c = this.takeCard();
      if (c === null) continue;
      // laid where its number sends it before the pile is reshuffled (ruling/income-card-laid-first)
      if (VALUE[c] <= 12) p.coins.unshift(c); else s.discard.unshift(c);
      this.emit({ event: 'income', player: p.name, space: id, card: c });
      this.afterTake(false);
    }
    super.beginTurn(p);
  }

  // one card more revealed per plantation (dschingis/landscapes/4) or farm (bohnaparte/farm/1),
  // drawn per village (dschingis/landscapes/3, bohnaparte/village/1)
  revealCount() { return 2 + this.ownsWith(this.s.active, 'reveals'); }
  drawCount(p) { return 3 + this.ownsWith(p.name, 'draws'); }

  // Phase 4's cards go into a cart or onto a sutler when one has it, and as many are then taken
  // from it one by one (dschingis/carts/3, bohnaparte/sutler/3).
  drawCards(p) {
    const s = this.s;
    const store = this.storeOf(p);
    const n = this.drawCount(p);
    let placed = 0;
    for (let i = 0; i < n; i++) {
      const c = this.takeCard();
      if (c === null) break;
      // DOC GAP (small): where new cards lie in the cart or on the sutler (`cart N` counts on
      // it) is not said; they go to the back, in the order drawn, as the scenarios expect
      if (store) { store.push(c); placed += 1; } else {
        p.hand.push(c);
        this.emit({ event: 'drew', player: p.name, card: c });
      }
      this.afterTake(false);
    }
    this.clearOffer();
    if (store && placed > 0) {
      s.vars.choice = this.storeChoice; s.vars.chooser = p.name; s.vars.to_take = placed;
      return;
    }
    this.endTurn(p);
  }

  // a new cart or sutler gets the top two cards face down: no event of their own
  // (dschingis/carts/2, bohnaparte/sutler/2)
  fillStore(p) {
    for (let i = 0; i < 2; i++) {
      const c = this.takeCard();
      if (c === null) break;
      this.storeOf(p).push(c);
      this.afterTake(false);
    }
  }

  // the card at position n of the cart or sutler into the hand; the last one to take ends the turn
  takeFromStore(p, n) {
    const s = this.s;
    const c = this.storeOf(p).splice(n - 1, 1)[0];
    p.hand.push(c);
    this.emit({ event: 'drew', player: p.name, card: c });
    s.vars.to_take -= 1;
    if (s.vars.to_take > 0) return;
    s.vars.choice = null; s.vars.chooser = null;
    this.endTurn(p);
  }

  // coins paid go onto the discard pile, the top coin first (ruling/coin-from-top)
  payCoins(p, n) {
    for (let i = 0; i < n; i++) this.s.discard.unshift(p.coins.shift());
  }

  // after the last running out while revealing, the game ends after phase 3: no attack step
  // (ruling/no-attack-after-final-exhaustion); else the attack step, ended by end_phase
  tradesPlanted() {
    if (this.pileGone) { this.s.vars.cut_short = true; return; }
    this.enterPhase('attack');
  }
  endPhase(p) {
    if (this.s.phase === 'attack') this.enterPhase('draw_cards');
    else super.endPhase(p);
  }

  // the last camp goes to the last chooser by itself (ruling/last-camp-automatic)
  lastCamp(name) {
    const s = this.s;
    for (const id of this.map.ids) {
      if (s.spaces[id].card === 'camp' && s.spaces[id].owner === null) {
        s.spaces[id].owner = name;
        this.emit({ event: 'camp_chosen', player: name, space: id });
        break;
      }
    }
    s.vars.choice = null; s.vars.chooser = null;
  }

  // ---- combat
  // pay the top coin and open the combat (dschingis/combat/4, bohnaparte/attack/8, ruling/coin-from-top)
  openCombat(p, target, horde) {
    const s = this.s;
    this.payCoins(p, 1);
    s.vars.battle = target; s.vars.horde = horde;
    this.emit({ event: 'attack', player: p.name, target, riders: horde });
  }

  // the defence: a neutral landscape fights with the top of the pile at once
  // (dschingis/combat/16, bohnaparte/attack/6, ruling/neutral-defence-automatic); an owner chooses
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

  // Both cards are revealed and compared, the defence raised to the landscape's floor; the
  // attacker's card goes onto the discard pile, the defender's on top
  // (ruling/discard-order-after-combat). `defenceBonus` and `winsTie` are a game's own.
  decide() {
    const s = this.s;
    const target = s.vars.battle;
    const sp = s.spaces[target];
    const attacker = this.player(s.active);
    const ownerName = sp.owner;
    const defFront = ownerName === null ? s.neutral_front : this.player(ownerName).front;
    // the riders fight the first round while they stand; defeated, the second is fought with a card
    const riding = s.vars.horde !== null && s.spaces[s.vars.horde].ready;
    const attack = riding ? MOUNTED_VALUE : (attacker.front.length ? VALUE[attacker.front[0]] : 0);
    const floor = this.floorOf(target);
    const card = defFront.length ? VALUE[defFront[0]] : 0;
    const defence = Math.max(card + this.defenceBonus(sp), floor);
    this.emit({ event: 'combat', target, attacker: attacker.name, defender: ownerName, attack, defence, floor });
    s.discard = attacker.front.concat(s.discard);
    attacker.front.length = 0;
    s.discard = defFront.concat(s.discard);
    defFront.length = 0;
    s.vars.choice = null; s.vars.chooser = null;
    if (attack > defence || (attack === defence && this.winsTie(attacker, target, attack, defence))) {
      this.conquer(attacker, target, ownerName);
      return;
    }
    this.emit({ event: 'repelled', player: attacker.name, target });
    if (riding) {
      // defeated riders: the regular troops fight a second round (dschingis/riders/5, /6,
      // bohnaparte/cavalry/2)
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
  defenceBonus(sp) { return 0; }
  winsTie(attacker, target, attack, defence) { return false; }

  // the attacker's token replaces the owner's (dschingis/combat/9, bohnaparte/attack/15); a
  // steppe or paddock comes with its riders as they are (dschingis/riders/10, bohnaparte/cavalry/6)
  conquer(attacker, target, previous) {
    const s = this.s;
    s.spaces[target].owner = attacker.name;
    this.emit({ event: 'conquered', player: attacker.name, target, previous });
    if (previous !== null && this.owned(previous).length === 0) s.vars.landless = previous;
    this.afterConquest(attacker, target);
  }
  afterConquest(attacker, target) { this.endCombat(); }

  endCombat() {
    const s = this.s;
    s.vars.battle = null; s.vars.horde = null; s.vars.choice = null; s.vars.chooser = null;
  }

  // the camps are chosen first (dschingis/setup/12, bohnaparte/setup/3)
  gate(a, p) {
    super.gate(a, p);
    if (this.s.vars.choice === 'camp' && a.type !== 'choose_camp') throw new Reject(this.campRule, 'the camps are chosen first');
  }
}

// The war games' shared actions: a camp chosen before the first turn, and the rounds of a
// combat fought with a card the player names (parseCombatCard is the game's: which zones a card
// may come from; `side` tells the defender's card from the attacker's).
const WAR_ACTIONS = {
  choose_camp: {
    check(g, a) { allowOnly(a, ['camp']); needSpace(g, a, 'camp'); },
    run(g, p, a) {
      const s = g.s;
      if (s.vars.choice !== 'camp' || s.vars.chooser !== p.name) throw new Reject(g.campRule, 'it is not your turn to choose a camp');
      const sp = s.spaces[a.camp];
      if (sp.card !== 'camp' || sp.owner !== null) throw new Reject(g.campRule, `${a.camp} is not a free camp`);
      sp.owner = p.name;
      g.emit({ event: 'camp_chosen', player: p.name, space: a.camp });
      g.campChosen(p);
    },
  },
  defend: {
    check(g, a) { allowOnly(a, ['with']); needRef(a, 'with'); },
    run(g, p, a) {
      const s = g.s;
      if (s.vars.choice !== 'defend' || s.vars.chooser !== p.name) throw new Reject('ruling/combat-first', `you have no ${g.words.space} to defend now`);
      const r = g.parseCombatCard(p, a.with, 'defend');
      g.layCard(p, r);
      g.decide();
    },
  },
  // the second round after defeated riders or cavalry
  follow_up: {
    check(g, a) { allowOnly(a, ['with']); needRef(a, 'with'); },
    run(g, p, a) {
      const s = g.s;
      if (s.vars.choice !== 'second_round' || s.vars.chooser !== p.name) throw new Reject('ruling/combat-first', 'there is no second round of yours to fight');
      const r = g.parseCombatCard(p, a.with, 'attack');
      s.vars.choice = null; s.vars.chooser = null;
      g.layCard(p, r);
      g.awaitDefence();
    },
  },
};

module.exports = { WarGame, WAR_ACTIONS, WAR_WORDS, VALUE, TOKENS, buildMap };
