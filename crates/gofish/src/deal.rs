//! The deal model: which hidden cards could be of which rank, as a flow with lower bounds.
//!
//! Each player's hidden cards are their dealt hand and then each card they drew unseen, in
//! order. Every claim about a count — an ask ("at least one"), an answer ("exactly k", "none"),
//! a book ("all four"), the book not laid ("at most three") — is a claim about how many cards
//! of one rank lie in a *prefix* of that player's hidden cards (the count known from what
//! everybody saw is an offset on top). Per player and rank these prefixes are nested, so the
//! model is a chain per player and rank:
//!
//! ```text
//! rank r ──X(p,r,m)──> v(r,p,m) ──X(p,r,m-1)──> v(r,p,m-1) ── ... ──X(p,r,0)──> dealt(p)   (H cards)
//!   │                     └──> draw m of p (1 card)    └──> draw m-1 of p (1 card)
//!   └──> stock (the cards not yet drawn)
//! ```
//!
//! Rank `r` sends out its cards not drawn face up (4 minus those shown), each dealt hand
//! takes exactly `H` cards, each unseen draw exactly one, and the stock exactly the cards it
//! holds now. The edge into `v(r,p,j)` carries how many cards of rank `r` are among `p`'s
//! first `j` unseen draws and dealt hand, and a claim bounds it. A draw after "Go fish" to
//! rank `r` has no edge from rank `r`. The order of the stock is free, so the cards drawn are
//! any that the totals allow: an integral flow within every bound is exactly a deal (hands
//! and stock order) that makes every claim true, and none exists when no flow does.
//!
//! The model keeps one such flow, the *witness*. A new bound the witness already meets costs
//! nothing; one it breaks is repaired by sending single cards around cycles of the residual
//! graph (at most four per bound), each found by a breadth-first search from both ends of the
//! bound's edge at once (a repair's cycle is short: a card swapped with the stock or another
//! hand, so the two searches meet long before either walks the graph); when no cycle exists
//! no flow meets the bound (a feasible circulation's flow on an edge ranges over an interval,
//! which augmenting cycles walk). An unseen draw adds a card sent from the stock: straight
//! from it when the witness's stock holds a rank the draw may be (the rank its drawer asks for
//! next, when the referee knows it), else along a path a search finds. A draw after "Go fish"
//! to rank `r` makes no level for `r`: its count does not change.
//! The graph has at most (ranks + 1) nodes per card of the stock, whatever the length of the
//! log: a long game that goes on with an empty stock only tightens bounds already there.

use crate::ahead::FirstHands;
use crate::rules::{Rules, CARDS_PER_RANK, MAX_PLAYERS, MAX_RANKS};

/// No edge or arc.
const NONE: u32 = u32::MAX;

/// An arc of the residual graph: the node it leads to and how many cards it may still carry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Hop {
    to: u16,
    room: u8,
}

/// A node: where its run of arcs starts in `adj`, how many it holds, and (for a draw's level
/// node) its rank.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Node {
    start: u32,
    degree: u8,
    rank: u8,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Edge {
    from: u16,
    to: u16,
    lo: u8,
    hi: u8,
    flow: u8,
}

/// The witness flow and its graph.
///
/// Edge `e` is walked in the residual graph by two arcs: `2e` along it (while its flow is
/// below its upper bound) and `2e + 1` against it (while above its lower bound). Each arc
/// keeps the node it leads to and how far it may be walked (a [`Hop`]), so a search reads
/// one small entry per arc. Every node's arcs lie in one flat list (`adj`), in a run reserved when the
/// node is made: a node's degree is known then (a rank: the stock and one entry per player; a
/// draw's level: three; a draw: one edge per rank), so growing the graph allocates nothing
/// once the buffers have reached a game's size, and a referee reset for the next log keeps
/// them.
#[derive(Clone, Debug)]
pub(crate) struct DealModel {
    ranks: usize,
    players: usize,
    hand: usize,
    edges: Vec<Edge>,
    /// Per arc: the node it leads to, and its residual capacity.
    hops: Vec<Hop>,
    /// Per node: its run of `adj`, and its rank if it is a draw's level.
    nodes: Vec<Node>,
    /// The arcs that leave each node, in runs.
    adj: Vec<u32>,
    /// Per `(player, rank)` (`player * ranks + rank`): the edge carrying the count of that
    /// rank among the player's hidden cards so far.
    entry: Vec<u32>,
    /// Per rank: its edge into the stock.
    stock: Vec<u32>,
    /// Per `(player, rank)`: the edge into the player's dealt hand.
    bottom: Vec<u32>,
    /// Per unseen draw, in order: who drew it and its node (whose edges come from the levels
    /// of the ranks it may be).
    slots: Vec<(u8, u16)>,
    /// Per player: hidden cards drawn unseen so far.
    draws: Vec<u32>,
    // Search scratch: per node, the mark of the last search that reached it and the arc it
    // came by (from its side of the search); the queues of both sides.
    seen: Vec<u32>,
    via: Vec<u32>,
    queue: Vec<u16>,
    back: Vec<u16>,
    stamp: u32,
    /// The arc where the last search's two halves met.
    meet: u32,
    /// The graph and witness right after the deal, kept by the first [`DealModel::reset`]:
    /// later resets copy them instead of building them again.
    dealt: Option<Box<Dealt>>,
}

/// The parts of a [`DealModel`] that the deal sets.
#[derive(Clone, Debug)]
struct Dealt {
    edges: Vec<Edge>,
    hops: Vec<Hop>,
    nodes: Vec<Node>,
    adj: Vec<u32>,
    entry: Vec<u32>,
    stock: Vec<u32>,
    bottom: Vec<u32>,
}

/// The copy of a model that [`DealModel::ranges`] moves the witness of, on each thread.
struct Scratch {
    /// The copy.
    model: Option<DealModel>,
    /// The edges the last question moved (some more than once).
    moved: Vec<u32>,
    /// Per edge of the model: the least and the most flow seen on it in a flow meeting every
    /// bound.
    seen: Vec<(u8, u8)>,
}

impl DealModel {
    /// A model of no graph and empty buffers, for these sizes.
    fn empty(ranks: usize, players: usize, hand: usize) -> DealModel {
        DealModel {
            ranks,
            players,
            hand,
            edges: Vec::new(),
            hops: Vec::new(),
            nodes: Vec::new(),
            adj: Vec::new(),
            entry: Vec::new(),
            stock: Vec::new(),
            bottom: Vec::new(),
            slots: Vec::new(),
            draws: Vec::new(),
            seen: Vec::new(),
            via: Vec::new(),
            queue: Vec::new(),
            back: Vec::new(),
            stamp: 0,
            meet: NONE,
            dealt: None,
        }
    }

    /// The model after the deal: nothing known but the sizes.
    pub(crate) fn new(rules: &Rules) -> DealModel {
        let mut model = DealModel::empty(rules.ranks(), rules.players(), rules.hand());
        // Room for a whole game: every card of the stock drawn unseen.
        let stock = rules.stock();
        let nodes = rules.ranks() + 1 + rules.players() + stock * (rules.ranks() + 1);
        let edges = rules.ranks() * (1 + rules.players()) + stock * 2 * rules.ranks();
        model.edges.reserve(edges);
        model.hops.reserve(2 * edges);
        model.adj.reserve(2 * edges);
        model.nodes.reserve(nodes);
        model.seen.reserve(nodes);
        model.via.reserve(nodes);
        model.queue.reserve(nodes);
        model.back.reserve(nodes);
        model.slots.reserve(stock);
        model.build();
        model
    }

    /// Back to the deal, keeping the memory.
    pub(crate) fn reset(&mut self) {
        let Some(dealt) = self.dealt.take() else {
            self.build();
            self.dealt = Some(Box::new(Dealt {
                edges: self.edges.clone(),
                hops: self.hops.clone(),
                nodes: self.nodes.clone(),
                adj: self.adj.clone(),
                entry: self.entry.clone(),
                stock: self.stock.clone(),
                bottom: self.bottom.clone(),
            }));
            return;
        };
        self.edges.clone_from(&dealt.edges);
        self.hops.clone_from(&dealt.hops);
        self.nodes.clone_from(&dealt.nodes);
        self.adj.clone_from(&dealt.adj);
        self.entry.clone_from(&dealt.entry);
        self.stock.clone_from(&dealt.stock);
        self.bottom.clone_from(&dealt.bottom);
        self.slots.clear();
        self.draws.fill(0);
        self.dealt = Some(dealt);
    }

    /// The graph and witness after the deal, built.
    fn build(&mut self) {
        let (ranks, players, hand) = (self.ranks, self.players, self.hand);
        self.edges.clear();
        self.hops.clear();
        self.nodes.clear();
        self.adj.clear();
        self.entry.clear();
        self.stock.clear();
        self.bottom.clear();
        self.slots.clear();
        self.draws.clear();
        self.draws.resize(players, 0);
        for _ in 0..ranks {
            self.add_node(1 + players);
        }
        self.add_node(ranks);
        for _ in 0..players {
            self.add_node(ranks);
        }
        // The first witness deals a deck sorted A 2 3 ... K A 2 ... in blocks of `hand` cards:
        // no hand holds more than two of a rank, so no book is owed at once.
        let mut dealt = [0u8; MAX_PLAYERS * MAX_RANKS];
        for card in 0..players * hand {
            dealt[(card / hand.max(1)) * ranks + card % ranks] += 1;
        }
        for r in 0..ranks {
            let held: u8 = (0..players).map(|p| dealt[p * ranks + r]).sum();
            let e = self.add_edge(r, self.stock_node(), 0, CARDS_PER_RANK as u8);
            self.set_flow(e, CARDS_PER_RANK as u8 - held);
            self.stock.push(e);
        }
        for p in 0..players {
            for r in 0..ranks {
                let e = self.add_edge(r, self.dealt_node(p), 0, CARDS_PER_RANK as u8);
                self.set_flow(e, dealt[p * ranks + r]);
                self.entry.push(e);
                self.bottom.push(e);
            }
        }
    }

    /// Replaces the witness's dealt hands, right after a reset (nothing judged yet), by hands
    /// that follow what the first actions show: each player is dealt the cards they are seen
    /// to hold ([`FirstHands::want`]), then filled up to the hand's size with other ranks:
    /// ranks they answer "Go fish" to last, and ranks somebody else wants after the rest. Any
    /// hands of the right sizes are a witness of the deal alone; these spare the repairs that
    /// the first asks and answers would cost the sorted first witness. Does nothing once a
    /// bound or a draw has been added.
    pub(crate) fn seed(&mut self, hands: &FirstHands) {
        let (ranks, players, hand) = (self.ranks, self.players, self.hand);
        let fresh = self.slots.is_empty()
            && self.entry == self.bottom
            && self.entry.iter().all(|&e| {
                let e = self.edges[e as usize];
                e.lo == 0 && usize::from(e.hi) == CARDS_PER_RANK
            });
        if !fresh {
            return;
        }
        let wanted = hands.mine.iter().fold(0, |all, mine| all | mine);
        // What is wanted, while the rank has cards left (a log may want more than there are).
        let mut cells = [[0u8; MAX_RANKS]; MAX_PLAYERS];
        let mut left = [CARDS_PER_RANK as u8; MAX_RANKS];
        for (row, want) in cells.iter_mut().zip(&hands.want).take(players) {
            for r in 0..ranks {
                row[r] = want[r].min(left[r]);
                left[r] -= row[r];
            }
        }
        for (p, row) in cells.iter_mut().enumerate().take(players) {
            let mut size: usize = row.iter().map(|&n| usize::from(n)).sum();
            while size < hand {
                // The best rank by (not avoided, fewer than two here, not wanted by others,
                // most left), and at worst any rank with a card left.
                let others = wanted & !hands.mine[p];
                let score = |r: usize| {
                    let bit = 1u16 << r;
                    (
                        hands.avoid[p] & bit == 0,
                        row[r] < 2,
                        others & bit == 0,
                        left[r],
                    )
                };
                let Some(best) = (0..ranks)
                    .filter(|&r| left[r] > 0)
                    .max_by_key(|&r| score(r))
                else {
                    return;
                };
                row[best] += 1;
                left[best] -= 1;
                size += 1;
            }
        }
        if left[..ranks].iter().map(|&n| usize::from(n)).sum::<usize>()
            != CARDS_PER_RANK * ranks - players * hand
        {
            return;
        }
        for r in 0..ranks {
            self.set_flow(self.stock[r], left[r]);
            for (p, row) in cells.iter().enumerate().take(players) {
                self.set_flow(self.bottom[p * ranks + r], row[r]);
            }
        }
    }

    fn stock_node(&self) -> usize {
        self.ranks
    }

    fn dealt_node(&self, player: usize) -> usize {
        self.ranks + 1 + player
    }

    fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// A new node with room for `degree` arcs.
    fn add_node(&mut self, degree: usize) -> usize {
        let node = self.nodes.len();
        self.nodes.push(Node {
            start: self.adj.len() as u32,
            degree: 0,
            rank: 0,
        });
        self.adj.resize(self.adj.len() + degree, NONE);
        node
    }

    fn attach(&mut self, node: usize, arc: u32) {
        let node = &mut self.nodes[node];
        self.adj[node.start as usize + usize::from(node.degree)] = arc;
        node.degree += 1;
    }

    /// The arcs that leave `node`.
    fn arcs_of(&self, node: usize) -> &[u32] {
        let Node { start, degree, .. } = self.nodes[node];
        &self.adj[start as usize..start as usize + usize::from(degree)]
    }

    fn add_edge(&mut self, from: usize, to: usize, lo: u8, hi: u8) -> u32 {
        let id = self.edges.len() as u32;
        self.edges.push(Edge {
            from: from as u16,
            to: to as u16,
            lo,
            hi,
            flow: 0,
        });
        self.hops.extend_from_slice(&[
            Hop {
                to: to as u16,
                room: hi,
            },
            Hop {
                to: from as u16,
                room: 0,
            },
        ]);
        self.attach(from, 2 * id);
        self.attach(to, 2 * id + 1);
        id
    }

    /// The residual capacities of edge `id`'s arcs, after a change of its flow or bounds.
    fn sync(&mut self, id: u32) {
        let e = self.edges[id as usize];
        let i = 2 * id as usize;
        self.hops[i].room = e.hi.saturating_sub(e.flow);
        self.hops[i + 1].room = e.flow.saturating_sub(e.lo);
    }

    fn set_flow(&mut self, id: u32, flow: u8) {
        self.edges[id as usize].flow = flow;
        self.sync(id);
    }

    /// The bounds the claims put on the count of `rank` among `player`'s hidden cards so far.
    #[cfg(test)]
    pub(crate) fn bounds(&self, player: usize, rank: usize) -> (u8, u8) {
        let e = self.edges[self.entry[player * self.ranks + rank] as usize];
        (e.lo, e.hi)
    }

    /// Bounds the count of `rank` among `player`'s hidden cards so far to `lo..=hi`. `false`
    /// when no deal meets every bound so far (the model is then no longer used). Inlined:
    /// most bounds are met by the witness, and only the repairs are a call.
    #[inline]
    pub(crate) fn constrain(&mut self, player: usize, rank: usize, lo: i32, hi: i32) -> bool {
        let id = self.entry[player * self.ranks + rank];
        let edge = &mut self.edges[id as usize];
        let lo = lo.max(i32::from(edge.lo));
        let hi = hi.min(i32::from(edge.hi));
        if lo > hi {
            return false;
        }
        if lo == i32::from(edge.lo) && hi == i32::from(edge.hi) {
            return true;
        }
        let (lo, hi) = (lo as u8, hi as u8);
        edge.lo = lo;
        edge.hi = hi;
        let flow = edge.flow;
        if (lo..=hi).contains(&flow) {
            // The witness meets the new bounds.
            let i = 2 * id as usize;
            self.hops[i].room = hi - flow;
            self.hops[i + 1].room = flow - lo;
            return true;
        }
        self.repair(id)
    }

    /// Moves the witness's flow on edge `id` within its new bounds by cycles around it;
    /// `false` when no flow meets every bound.
    #[inline(never)]
    fn repair(&mut self, id: u32) -> bool {
        let edge = self.edges[id as usize];
        let (lo, hi) = (edge.lo, edge.hi);
        // Repairs go around the edge, never along it.
        let i = 2 * id as usize;
        self.hops[i].room = 0;
        self.hops[i + 1].room = 0;
        let (from, to) = (usize::from(edge.from), usize::from(edge.to));
        let mut flow = edge.flow;
        let fits = loop {
            if flow < lo {
                // One more card of the rank: a cycle through the edge, forwards.
                if !self.search(to, from) {
                    break false;
                }
                self.push(to, from);
                flow += 1;
            } else if flow > hi {
                if !self.search(from, to) {
                    break false;
                }
                self.push(from, to);
                flow -= 1;
            } else {
                break true;
            }
        };
        self.set_flow(id, flow);
        fits
    }

    /// The witness's count of `rank` among `player`'s hidden cards so far.
    pub(crate) fn count(&self, player: usize, rank: usize) -> u8 {
        self.edges[self.entry[player * self.ranks + rank] as usize].flow
    }

    /// `player` draws a card unseen, not of rank `not` (after "Go fish" to it). `false` when
    /// no deal allows it. `only`: the card is known to be of that rank (a seat's own draw).
    /// `prefer`: the rank the witness gives it if it can straight from its stock. `booked`:
    /// the ranks whose books are laid, one bit each (no deal leaves a card of them in the
    /// stock: the book's four cards are all of the rank not shown before, every other count
    /// of it is then none, and so is the stock's).
    pub(crate) fn hidden_draw_of(
        &mut self,
        player: usize,
        not: Option<usize>,
        only: Option<usize>,
        prefer: Option<usize>,
        booked: u16,
    ) -> bool {
        let ranks = self.ranks;
        // The ranks the draw may be. A draw not of a rank leaves its count the same after
        // it, and the entry's bounds stay on the same count.
        let mut allowed = (u16::MAX >> (16 - ranks)) & !booked;
        if let Some(not) = not {
            allowed &= !(1 << not);
        }
        if let Some(only) = only {
            allowed &= 1 << only;
        }
        let levels = allowed.count_ones() as usize;
        // For each such rank, the old count becomes the count before this draw, below a new
        // level node: a new edge (`below`) takes the old one's place at its lower end, and
        // the old one, still the entry, now leads to the level with no bound of its own; the
        // level sends one card at most into the draw (`into`). The draw's node and its arcs
        // come first, then each level's node, three arcs, two edges and their four arcs, all
        // appended to the graph's buffers (which hold a whole game once grown).
        let slot = self.nodes.len();
        let (edge0, arc0) = (self.edges.len(), self.adj.len());
        self.nodes.push(Node {
            start: arc0 as u32,
            degree: levels as u8,
            rank: 0,
        });
        // The draw's arcs: against each level's edge into it (edge `edge0 + 2k + 1`).
        self.adj
            .extend((0..levels).map(|k| 2 * (edge0 + 2 * k + 1) as u32 + 1));
        // The witness's draw: a rank the stock holds in the witness and the count may grow
        // by, `prefer` or else the one the stock holds most of; else a path found by a search.
        // The best rank's weight so far (0: none yet) and its edge into the draw.
        let (mut best, mut direct) = (0u8, NONE);
        let prefer = prefer.unwrap_or(usize::MAX);
        let mut rest = allowed;
        for k in 0..levels {
            let rank = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let id = self.entry[player * ranks + rank];
            let old = self.edges[id as usize];
            let level = (slot + 1 + k) as u16;
            let below = (edge0 + 2 * k) as u32;
            let into = below + 1;
            self.nodes.push(Node {
                start: (arc0 + levels + 3 * k) as u32,
                degree: 3,
                rank: rank as u8,
            });
            self.adj
                .extend_from_slice(&[2 * id + 1, 2 * below, 2 * into]);
            self.edges.extend_from_slice(&[
                Edge { from: level, ..old },
                Edge {
                    from: level,
                    to: slot as u16,
                    lo: 0,
                    hi: 1,
                    flow: 0,
                },
            ]);
            let i = 2 * id as usize;
            let (up, down) = (self.hops[i].room, self.hops[i + 1].room);
            self.hops.extend_from_slice(&[
                Hop {
                    to: old.to,
                    room: up,
                },
                Hop {
                    to: level,
                    room: down,
                },
                Hop {
                    to: slot as u16,
                    room: 1,
                },
                Hop { to: level, room: 0 },
            ]);
            if self.bottom[player * ranks + rank] == id {
                self.bottom[player * ranks + rank] = below;
            }
            // The entry's arc into its old head: the head's first arc if a level, the
            // rank's if the dealt hand (whose arcs were attached rank by rank).
            let head = usize::from(old.to);
            let at = self.nodes[head].start as usize
                + if head == self.dealt_node(player) {
                    rank
                } else {
                    0
                };
            debug_assert_eq!(self.adj[at], 2 * id + 1);
            self.adj[at] = 2 * below + 1;
            let entry = &mut self.edges[id as usize];
            entry.to = level;
            entry.lo = 0;
            entry.hi = CARDS_PER_RANK as u8;
            let flow = entry.flow;
            self.hops[i] = Hop {
                to: level,
                room: CARDS_PER_RANK as u8 - flow,
            };
            self.hops[i + 1].room = flow;
            let in_stock = self.edges[self.stock[rank] as usize].flow;
            // The preferred rank outranks any other.
            let weight = if rank == prefer { u8::MAX } else { in_stock };
            if in_stock > 0 && flow < CARDS_PER_RANK as u8 && weight > best {
                (best, direct) = (weight, into);
            }
        }
        self.slots.push((player as u8, slot as u16));
        self.draws[player] += 1;
        if direct != NONE {
            let into = direct;
            // stock <- rank -> level -> draw: one card of the rank leaves the stock.
            let level = usize::from(self.edges[into as usize].from);
            let rank = usize::from(self.nodes[level].rank);
            let (out, entry) = (self.stock[rank], self.entry[player * self.ranks + rank]);
            self.set_flow(out, self.edges[out as usize].flow - 1);
            self.set_flow(entry, self.edges[entry as usize].flow + 1);
            self.set_flow(into, 1);
            return true;
        }
        let stock = self.stock_node();
        if !self.search(stock, slot) {
            return false;
        }
        self.push(stock, slot);
        true
    }

    /// A card of `rank` drawn and shown: one fewer of the rank among the hidden cards.
    /// `false` when no deal leaves one in the stock.
    pub(crate) fn shown_draw(&mut self, rank: usize) -> bool {
        let stock = self.stock_node();
        if !self.search(stock, rank) {
            return false;
        }
        self.push(stock, rank);
        true
    }

    /// The witness deal: each player's dealt count per rank, and the rank of each unseen draw
    /// in order (with who drew it).
    pub(crate) fn witness(&self) -> (Vec<Vec<u8>>, Vec<(usize, usize)>) {
        let hands = (0..self.players)
            .map(|p| {
                (0..self.ranks)
                    .map(|r| self.edges[self.bottom[p * self.ranks + r] as usize].flow)
                    .collect()
            })
            .collect();
        let draws = self
            .slots
            .iter()
            .map(|&(player, slot)| {
                let rank = self
                    .arcs_of(usize::from(slot))
                    .iter()
                    .map(|&a| self.edges[(a / 2) as usize])
                    .find(|e| e.flow > 0)
                    .map_or(0, |e| self.nodes[usize::from(e.from)].rank);
                (usize::from(player), usize::from(rank))
            })
            .collect();
        (hands, draws)
    }

    /// Bytes this model holds on the heap (its buffers' capacities), for a budget of states
    /// kept. Every field is named, so that a new one is counted or said to hold nothing.
    pub(crate) fn heap_bytes(&self) -> usize {
        fn bytes<T>(v: &Vec<T>) -> usize {
            v.capacity() * std::mem::size_of::<T>()
        }
        let DealModel {
            ranks: _,
            players: _,
            hand: _,
            edges,
            hops,
            nodes,
            adj,
            entry,
            stock,
            bottom,
            slots,
            draws,
            seen,
            via,
            queue,
            back,
            stamp: _,
            meet: _,
            dealt,
        } = self;
        let dealt = dealt.as_deref().map_or(0, |dealt| {
            let Dealt {
                edges,
                hops,
                nodes,
                adj,
                entry,
                stock,
                bottom,
            } = dealt;
            std::mem::size_of::<Dealt>()
                + bytes(edges)
                + bytes(hops)
                + bytes(nodes)
                + bytes(adj)
                + bytes(entry)
                + bytes(stock)
                + bytes(bottom)
        });
        bytes(edges)
            + bytes(hops)
            + bytes(nodes)
            + bytes(adj)
            + bytes(entry)
            + bytes(stock)
            + bytes(bottom)
            + bytes(slots)
            + bytes(draws)
            + bytes(seen)
            + bytes(via)
            + bytes(queue)
            + bytes(back)
            + dealt
    }

    /// The witness's cards of each rank left in the stock.
    pub(crate) fn stock_left(&self) -> Vec<u8> {
        self.stock
            .iter()
            .map(|&e| self.edges[e as usize].flow)
            .collect()
    }

    /// The least and the most cards of each rank of `wanted` (one bit a rank) that each holder
    /// holds among its hidden cards in any deal meeting every bound, at `holder * ranks +
    /// rank`: the players in order, then the stock (the ranks not wanted: their limits only).
    ///
    /// Each count is first limited by [`limits`](DealModel::limits), which is often its range
    /// already. A count whose limits are apart is moved, on a copy of the witness, as far
    /// towards each limit as a flow meeting every bound goes; every flow met on the way shows
    /// counts that reach it, and a count seen at a limit needs no search. Each question starts
    /// from the flow the last one left (any flow meeting every bound reaches every other by
    /// cycles of its residual graph, so where it starts changes the work, not the answer):
    /// putting the witness back after each question cost more than it saved.
    pub(crate) fn ranges(&self, wanted: u16) -> Vec<(u8, u8)> {
        // Each thread keeps its copy of the graph and the buffers, to spare their allocations.
        thread_local! {
            static SCRATCH: std::cell::RefCell<Scratch> = const {
                std::cell::RefCell::new(Scratch {
                    model: None,
                    moved: Vec::new(),
                    seen: Vec::new(),
                })
            };
        }
        let mut ranges = self.limits();
        let ranks = self.ranks;
        let open = |cell: usize, (lo, hi): (u8, u8)| lo < hi && wanted & (1 << (cell % ranks)) != 0;
        if !ranges
            .iter()
            .enumerate()
            .any(|(cell, &range)| open(cell, range))
        {
            return ranges;
        }
        SCRATCH.with_borrow_mut(|Scratch { model, moved, seen }| {
            let model = self.copy_into(model);
            seen.clear();
            seen.extend(self.edges.iter().map(|e| (e.flow, e.flow)));
            for (cell, range) in ranges.iter_mut().enumerate() {
                if !open(cell, *range) {
                    continue;
                }
                let (holder, rank) = (cell / ranks, cell % ranks);
                let id = if holder < self.players {
                    self.entry[cell]
                } else {
                    self.stock[rank]
                };
                let mut extreme = |bound: u8| {
                    let (least, most) = seen[id as usize];
                    if least == bound || most == bound {
                        return bound;
                    }
                    let flow = model.extreme(id, bound, moved);
                    // What this flow shows.
                    for e in moved.drain(..).chain([id]) {
                        let e = e as usize;
                        let flow = model.edges[e].flow;
                        seen[e] = (seen[e].0.min(flow), seen[e].1.max(flow));
                    }
                    flow
                };
                let (lo, hi) = *range;
                let most = extreme(hi);
                let least = extreme(lo);
                *range = (least, most);
            }
        });
        ranges
    }

    /// `scratch` made a copy of this model's graph and witness (reusing its buffers), for
    /// questions that move the witness; the copy's own history and deal are left empty.
    fn copy_into<'a>(&self, scratch: &'a mut Option<DealModel>) -> &'a mut DealModel {
        let copy = scratch.get_or_insert_with(|| DealModel::empty(0, 0, 0));
        copy.ranks = self.ranks;
        copy.players = self.players;
        copy.hand = self.hand;
        copy.edges.clone_from(&self.edges);
        copy.hops.clone_from(&self.hops);
        copy.nodes.clone_from(&self.nodes);
        copy.adj.clone_from(&self.adj);
        copy
    }

    /// Limits on every count (at `holder * ranks + rank`, the stock after the players) that
    /// hold in every flow meeting every bound. A player's count of a rank is the count in their
    /// dealt hand (at most the hand's size) plus one for each of their unseen draws that is of
    /// the rank, and the bounds on each prefix of that chain limit it: at most a prefix's most
    /// plus the draws after it, at least a prefix's least plus the draws after it that can be
    /// nothing else. Then, until nothing changes, each count is at least (at most) the cards of
    /// its rank not shown less the most (least) the other holders of the rank may hold, and its
    /// holder's hidden cards less the most (least) of the other ranks they may hold.
    fn limits(&self) -> Vec<(u8, u8)> {
        const CELLS: usize = (MAX_PLAYERS + 1) * MAX_RANKS;
        let (ranks, players) = (self.ranks, self.players);
        let holders = players + 1;
        let cells = holders * ranks;
        let (mut lo, mut hi, mut flow) = ([0i32; CELLS], [0i32; CELLS], [0i32; CELLS]);
        for p in 0..players {
            let dealt = self.dealt_node(p);
            for r in 0..ranks {
                let cell = p * ranks + r;
                let mut id = self.entry[cell];
                flow[cell] = i32::from(self.edges[id as usize].flow);
                // Walking the chain down from the count now: the draws passed that may be of
                // the rank, and those that can be nothing else.
                let (mut may, mut must) = (0i32, 0i32);
                let (mut least, mut most) = (0i32, i32::MAX);
                loop {
                    let edge = self.edges[id as usize];
                    least = least.max(i32::from(edge.lo) + must);
                    most = most.min(i32::from(edge.hi) + may);
                    let head = usize::from(edge.to);
                    if head == dealt {
                        most = most.min(self.hand as i32 + may);
                        break;
                    }
                    // A draw's level: the arc back up, the edge below, the edge into the draw.
                    let start = self.nodes[head].start as usize;
                    let into = self.edges[(self.adj[start + 2] / 2) as usize];
                    // A draw that may be one rank only is of it.
                    let only = self.nodes[usize::from(into.to)].degree == 1;
                    may += i32::from(into.hi);
                    must += i32::from(if only { into.hi } else { into.lo });
                    id = self.adj[start + 1] / 2;
                }
                (lo[cell], hi[cell]) = (least, most);
            }
        }
        for r in 0..ranks {
            let cell = players * ranks + r;
            let edge = self.edges[self.stock[r] as usize];
            (lo[cell], hi[cell], flow[cell]) =
                (i32::from(edge.lo), i32::from(edge.hi), i32::from(edge.flow));
        }
        // The totals every flow has: per holder (its hidden cards, or the stock's) and per
        // rank (its cards not shown); and the sums of the limits, kept up to date as they
        // narrow (each limit narrowed is used at once).
        // Each as [total, sum of least, sum of most].
        let mut held = [[0i32; 3]; MAX_PLAYERS + 1];
        let mut cards = [[0i32; 3]; MAX_RANKS];
        for cell in 0..cells {
            let (h, r) = (cell / ranks, cell % ranks);
            let sums = [flow[cell], lo[cell], hi[cell]];
            for (i, x) in sums.into_iter().enumerate() {
                held[h][i] += x;
                cards[r][i] += x;
            }
        }
        let mut changed = true;
        while changed {
            changed = false;
            for (h, held) in held.iter_mut().enumerate().take(holders) {
                for (r, cards) in cards.iter_mut().enumerate().take(ranks) {
                    let cell = h * ranks + r;
                    let (least, most) = (lo[cell], hi[cell]);
                    let least = least
                        .max(cards[0] - (cards[2] - most))
                        .max(held[0] - (held[2] - most));
                    let most = most
                        .min(cards[0] - (cards[1] - lo[cell]))
                        .min(held[0] - (held[1] - lo[cell]));
                    if (least, most) != (lo[cell], hi[cell]) {
                        changed = true;
                        let (up, down) = (least - lo[cell], most - hi[cell]);
                        (held[1], held[2]) = (held[1] + up, held[2] + down);
                        (cards[1], cards[2]) = (cards[1] + up, cards[2] + down);
                        (lo[cell], hi[cell]) = (least, most);
                    }
                }
            }
        }
        (0..cells)
            .map(|cell| {
                debug_assert!(lo[cell] <= flow[cell] && flow[cell] <= hi[cell]);
                (lo[cell] as u8, hi[cell] as u8)
            })
            .collect()
    }

    /// Moves the flow on edge `id` as far towards `bound` as some flow meeting every bound
    /// allows, and returns it; `moved` is told of every other edge whose flow it changed.
    fn extreme(&mut self, id: u32, bound: u8, moved: &mut Vec<u32>) -> u8 {
        let edge = self.edges[id as usize];
        let (from, to) = (usize::from(edge.from), usize::from(edge.to));
        let i = 2 * id as usize;
        self.hops[i].room = 0;
        self.hops[i + 1].room = 0;
        let mut flow = edge.flow;
        while flow < bound && self.search(to, from) {
            self.push_noting(to, from, |e| moved.push(e));
            flow += 1;
        }
        while flow > bound && self.search(from, to) {
            self.push_noting(from, to, |e| moved.push(e));
            flow -= 1;
        }
        self.set_flow(id, flow);
        flow
    }

    /// Breadth-first search of the residual graph for a path from `from` to `to`, from both
    /// ends at once: each round takes the next layer of the side whose layer is smaller,
    /// until the two meet (a path) or one side has nothing left to reach (no path). The
    /// short cycles of a repair are found without walking the whole graph.
    fn search(&mut self, from: usize, to: usize) -> bool {
        let count = self.node_count();
        if self.seen.len() < count {
            self.seen.resize(count, 0);
            self.via.resize(count, NONE);
        }
        // The queues are used as arrays: each side reaches a node once.
        if self.queue.len() < count {
            self.queue.resize(count, 0);
            self.back.resize(count, 0);
        }
        if self.stamp >= u32::MAX - 2 {
            self.seen.fill(0);
            self.stamp = 0;
        }
        self.stamp += 2;
        // Marks of the nodes reached from `from`, and of those that reach `to`.
        let (ahead, behind) = (self.stamp - 1, self.stamp);
        let (seen, via) = (&mut self.seen[..count], &mut self.via[..count]);
        let (queue, back) = (&mut self.queue[..count], &mut self.back[..count]);
        let (adj, hops, nodes) = (&self.adj[..], &self.hops[..], &self.nodes[..count]);
        queue[0] = from as u16;
        back[0] = to as u16;
        seen[from] = ahead;
        seen[to] = behind;
        // Each side's queue: the next node to take, and the end of what it reached.
        let (mut head, mut ahead_end) = (0, 1);
        let (mut tail, mut behind_end) = (0, 1);
        let meet = 'found: loop {
            let (forward, backward) = (ahead_end - head, behind_end - tail);
            if forward == 0 || backward == 0 {
                return false;
            }
            if forward <= backward {
                let end = ahead_end;
                while head < end {
                    let Node { start, degree, .. } = nodes[usize::from(queue[head])];
                    head += 1;
                    for &arc in &adj[start as usize..][..usize::from(degree)] {
                        let hop = hops[arc as usize];
                        if hop.room == 0 {
                            continue;
                        }
                        let next = usize::from(hop.to);
                        let mark = seen[next];
                        if mark == behind {
                            break 'found arc;
                        }
                        if mark != ahead {
                            seen[next] = ahead;
                            via[next] = arc;
                            queue[ahead_end] = hop.to;
                            ahead_end += 1;
                        }
                    }
                }
            } else {
                let end = behind_end;
                while tail < end {
                    let Node { start, degree, .. } = nodes[usize::from(back[tail])];
                    tail += 1;
                    for &arc in &adj[start as usize..][..usize::from(degree)] {
                        // The arc paired with one leaving `node` enters it.
                        let into = arc ^ 1;
                        if hops[into as usize].room == 0 {
                            continue;
                        }
                        let prev = hops[arc as usize].to;
                        let mark = seen[usize::from(prev)];
                        if mark == ahead {
                            break 'found into;
                        }
                        if mark != behind {
                            seen[usize::from(prev)] = behind;
                            via[usize::from(prev)] = into;
                            back[behind_end] = prev;
                            behind_end += 1;
                        }
                    }
                }
            }
        };
        self.meet = meet;
        true
    }

    /// Sends one card along the path the last search found from `from` to `to`: the arc
    /// where its two halves met, the half from `from` back to the start, the half to `to`.
    fn push(&mut self, from: usize, to: usize) {
        self.push_noting(from, to, |_| {});
    }

    /// [`push`](DealModel::push), telling `moved` of each edge whose flow it changes.
    fn push_noting(&mut self, from: usize, to: usize, mut moved: impl FnMut(u32)) {
        let meet = self.meet;
        self.walk(meet);
        moved(meet / 2);
        let mut node = usize::from(self.hops[(meet ^ 1) as usize].to);
        while node != from {
            let arc = self.via[node];
            self.walk(arc);
            moved(arc / 2);
            node = usize::from(self.hops[(arc ^ 1) as usize].to);
        }
        let mut node = usize::from(self.hops[meet as usize].to);
        while node != to {
            let arc = self.via[node];
            self.walk(arc);
            moved(arc / 2);
            node = usize::from(self.hops[arc as usize].to);
        }
    }

    /// One card along `arc`: more flow on its edge if it runs along it, less if against.
    fn walk(&mut self, arc: u32) {
        let id = arc / 2;
        let edge = &mut self.edges[id as usize];
        if arc % 2 == 0 {
            edge.flow += 1;
        } else {
            edge.flow -= 1;
        }
        self.sync(id);
    }

    /// Every count's range as [`ranges`](DealModel::ranges) gives it, found by searches
    /// alone: no limits, nothing learnt from other counts, each extreme on a fresh copy of the
    /// witness. For tests.
    #[cfg(test)]
    pub(crate) fn ranges_by_search(&self) -> Vec<(u8, u8)> {
        let ids = self.entry.iter().chain(&self.stock).copied();
        ids.map(|id| {
            let edge = self.edges[id as usize];
            let most = self.clone().extreme(id, edge.hi, &mut Vec::new());
            let least = self.clone().extreme(id, edge.lo, &mut Vec::new());
            (least, most)
        })
        .collect()
    }

    /// Checks the witness: every bound met, every node balanced, every arc's capacity right.
    /// For tests.
    #[cfg(test)]
    pub(crate) fn check(&self, shown: &[u8], stock: usize) {
        let mut net = vec![0i32; self.node_count()];
        for (id, e) in self.edges.iter().enumerate() {
            assert!(e.lo <= e.flow && e.flow <= e.hi, "{e:?}");
            assert_eq!(self.hops[2 * id].room, e.hi - e.flow, "{e:?}");
            assert_eq!(self.hops[2 * id + 1].room, e.flow - e.lo, "{e:?}");
            assert_eq!(self.hops[2 * id].to, e.to, "{e:?}");
            assert_eq!(self.hops[2 * id + 1].to, e.from, "{e:?}");
            net[e.from as usize] -= i32::from(e.flow);
            net[e.to as usize] += i32::from(e.flow);
        }
        for node in 0..self.node_count() {
            for &arc in self.arcs_of(node) {
                let e = self.edges[(arc / 2) as usize];
                let tail = if arc % 2 == 0 { e.from } else { e.to };
                assert_eq!(usize::from(tail), node, "{e:?}");
            }
        }
        for r in 0..self.ranks {
            assert_eq!(net[r], -(4 - i32::from(shown[r])), "rank {r}");
        }
        assert_eq!(net[self.stock_node()], stock as i32);
        for p in 0..self.players {
            assert_eq!(net[self.dealt_node(p)], self.hand as i32);
        }
        let draws: u32 = self.draws.iter().sum();
        let slots = self.node_count() - (self.ranks + 1 + self.players);
        assert!(slots <= draws as usize * (self.ranks + 1));
        assert_eq!(self.slots.len(), draws as usize);
    }
}
