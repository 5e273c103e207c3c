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
//! graph (at most four per bound), each found by a breadth-first search; when no cycle exists
//! no flow meets the bound (a feasible circulation's flow on an edge ranges over an interval,
//! which augmenting cycles walk). An unseen draw adds a card sent from the stock along a path.
//! The graph has at most (ranks + 1) nodes per card of the stock, whatever the length of the
//! log: a long game that goes on with an empty stock only tightens bounds already there.

use crate::rules::{Rules, CARDS_PER_RANK, MAX_PLAYERS, MAX_RANKS};

/// No edge: a search may use every edge.
const NO_EDGE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Edge {
    from: u16,
    to: u16,
    lo: u8,
    hi: u8,
    flow: u8,
}

/// The witness flow and its graph.
///
/// Every node's edges lie in one flat list (`adj`), in a run reserved when the node is made:
/// a node's degree is known then (a rank: the stock and one entry per player; a draw's level:
/// three; a draw: one edge per rank), so growing the graph allocates nothing once the buffers
/// have reached a game's size, and a referee reset for the next log keeps them.
#[derive(Clone, Debug)]
pub(crate) struct DealModel {
    ranks: usize,
    players: usize,
    hand: usize,
    edges: Vec<Edge>,
    /// Per node: where its run of `adj` starts and how many edges it holds.
    start: Vec<u32>,
    degree: Vec<u8>,
    /// The edges that leave or enter each node, in runs.
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
    /// Per node: the rank of a draw's level node (unused for other nodes).
    rank_of: Vec<u8>,
    /// Per player: hidden cards drawn unseen so far.
    draws: Vec<u32>,
    // Search scratch: the stamp of the last search that reached each node, and the edge it
    // came by.
    seen: Vec<u32>,
    via: Vec<u32>,
    queue: Vec<u16>,
    stamp: u32,
}

impl DealModel {
    /// The model after the deal: nothing known but the sizes.
    pub(crate) fn new(rules: &Rules) -> DealModel {
        let mut model = DealModel {
            ranks: rules.ranks(),
            players: rules.players(),
            hand: rules.hand(),
            edges: Vec::new(),
            start: Vec::new(),
            degree: Vec::new(),
            adj: Vec::new(),
            entry: Vec::new(),
            stock: Vec::new(),
            bottom: Vec::new(),
            slots: Vec::new(),
            rank_of: Vec::new(),
            draws: Vec::new(),
            seen: Vec::new(),
            via: Vec::new(),
            queue: Vec::new(),
            stamp: 0,
        };
        // Room for a whole game: every card of the stock drawn unseen.
        let stock = rules.stock();
        let nodes = rules.ranks() + 1 + rules.players() + stock * (rules.ranks() + 1);
        let edges = rules.ranks() * (1 + rules.players()) + stock * 2 * rules.ranks();
        model.edges.reserve(edges);
        model.adj.reserve(2 * edges);
        model.start.reserve(nodes);
        model.degree.reserve(nodes);
        model.rank_of.reserve(nodes);
        model.slots.reserve(stock);
        model.reset();
        model
    }

    /// Back to the deal, keeping the memory.
    pub(crate) fn reset(&mut self) {
        let (ranks, players, hand) = (self.ranks, self.players, self.hand);
        self.edges.clear();
        self.start.clear();
        self.degree.clear();
        self.adj.clear();
        self.rank_of.clear();
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
            self.edges[e as usize].flow = CARDS_PER_RANK as u8 - held;
            self.stock.push(e);
        }
        for p in 0..players {
            for r in 0..ranks {
                let e = self.add_edge(r, self.dealt_node(p), 0, CARDS_PER_RANK as u8);
                self.edges[e as usize].flow = dealt[p * ranks + r];
                self.entry.push(e);
                self.bottom.push(e);
            }
        }
    }

    fn stock_node(&self) -> usize {
        self.ranks
    }

    fn dealt_node(&self, player: usize) -> usize {
        self.ranks + 1 + player
    }

    fn nodes(&self) -> usize {
        self.start.len()
    }

    /// A new node with room for `degree` edges.
    fn add_node(&mut self, degree: usize) -> usize {
        let node = self.start.len();
        self.start.push(self.adj.len() as u32);
        self.degree.push(0);
        self.rank_of.push(0);
        self.adj.resize(self.adj.len() + degree, NO_EDGE);
        node
    }

    fn attach(&mut self, node: usize, edge: u32) {
        let at = self.start[node] as usize + usize::from(self.degree[node]);
        self.adj[at] = edge;
        self.degree[node] += 1;
    }

    /// The edges that leave or enter `node`.
    fn edges_of(&self, node: usize) -> &[u32] {
        let start = self.start[node] as usize;
        &self.adj[start..start + usize::from(self.degree[node])]
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
        self.attach(from, id);
        self.attach(to, id);
        id
    }

    /// The bounds the claims put on the count of `rank` among `player`'s hidden cards so far.
    #[cfg(test)]
    pub(crate) fn bounds(&self, player: usize, rank: usize) -> (u8, u8) {
        let e = self.edges[self.entry[player * self.ranks + rank] as usize];
        (e.lo, e.hi)
    }

    /// Bounds the count of `rank` among `player`'s hidden cards so far to `lo..=hi`. `false`
    /// when no deal meets every bound so far (the model is then no longer used).
    pub(crate) fn constrain(&mut self, player: usize, rank: usize, lo: i32, hi: i32) -> bool {
        let id = self.entry[player * self.ranks + rank];
        let edge = self.edges[id as usize];
        let lo = lo.max(i32::from(edge.lo));
        let hi = hi.min(i32::from(edge.hi));
        if lo > hi {
            return false;
        }
        if lo == i32::from(edge.lo) && hi == i32::from(edge.hi) {
            return true;
        }
        let (lo, hi) = (lo as u8, hi as u8);
        {
            let edge = &mut self.edges[id as usize];
            edge.lo = lo;
            edge.hi = hi;
        }
        while self.edges[id as usize].flow < lo {
            // One more card of the rank: a cycle through the edge, forwards.
            if !self.search(edge.to as usize, edge.from as usize, id) {
                return false;
            }
            self.push(edge.to as usize, edge.from as usize);
            self.edges[id as usize].flow += 1;
        }
        while self.edges[id as usize].flow > hi {
            if !self.search(edge.from as usize, edge.to as usize, id) {
                return false;
            }
            self.push(edge.from as usize, edge.to as usize);
            self.edges[id as usize].flow -= 1;
        }
        true
    }

    /// `player` draws a card unseen, not of rank `not` (after "Go fish" to it). `false` when
    /// no deal allows it. `only`: the card is known to be of that rank (a seat's own draw).
    pub(crate) fn hidden_draw_of(
        &mut self,
        player: usize,
        not: Option<usize>,
        only: Option<usize>,
    ) -> bool {
        let slot = self.add_node(self.ranks);
        for rank in 0..self.ranks {
            let id = self.entry[player * self.ranks + rank];
            let old = self.edges[id as usize];
            let level = self.add_node(3);
            self.rank_of[level] = rank as u8;
            // The old count becomes the count before this draw, below the new level.
            let below = self.edges.len() as u32;
            self.edges.push(Edge {
                from: level as u16,
                ..old
            });
            if self.bottom[player * self.ranks + rank] == id {
                self.bottom[player * self.ranks + rank] = below;
            }
            let start = self.start[usize::from(old.to)] as usize;
            let target = &mut self.adj[start..start + usize::from(self.degree[usize::from(old.to)])];
            if let Some(at) = target.iter().position(|&e| e == id) {
                target[at] = below;
            }
            self.attach(level, id);
            self.attach(level, below);
            let entry = &mut self.edges[id as usize];
            entry.to = level as u16;
            entry.lo = 0;
            entry.hi = CARDS_PER_RANK as u8;
            if not != Some(rank) && only.is_none_or(|only| only == rank) {
                self.add_edge(level, slot, 0, 1);
            }
        }
        self.slots.push((player as u8, slot as u16));
        self.draws[player] += 1;
        let stock = self.stock_node();
        if !self.search(stock, slot, NO_EDGE) {
            return false;
        }
        self.push(stock, slot);
        true
    }

    /// A card of `rank` drawn and shown: one fewer of the rank among the hidden cards.
    /// `false` when no deal leaves one in the stock.
    pub(crate) fn shown_draw(&mut self, rank: usize) -> bool {
        let stock = self.stock_node();
        if !self.search(stock, rank, NO_EDGE) {
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
                    .edges_of(usize::from(slot))
                    .iter()
                    .map(|&e| self.edges[e as usize])
                    .find(|e| e.flow > 0)
                    .map_or(0, |e| self.rank_of[usize::from(e.from)]);
                (usize::from(player), usize::from(rank))
            })
            .collect();
        (hands, draws)
    }

    /// The witness's cards of each rank left in the stock.
    pub(crate) fn stock_left(&self) -> Vec<u8> {
        self.stock
            .iter()
            .map(|&e| self.edges[e as usize].flow)
            .collect()
    }

    /// The least and the most cards of `rank` among `player`'s hidden cards in any deal that
    /// meets every bound (`player` `None`: in the stock).
    pub(crate) fn range(&self, player: Option<usize>, rank: usize) -> (u8, u8) {
        let id = match player {
            Some(p) => self.entry[p * self.ranks + rank],
            None => self.stock[rank],
        };
        let edge = self.edges[id as usize];
        let (from, to) = (edge.from as usize, edge.to as usize);
        let mut most = self.clone();
        while most.edges[id as usize].flow < edge.hi && most.search(to, from, id) {
            most.push(to, from);
            most.edges[id as usize].flow += 1;
        }
        let mut least = self.clone();
        while least.edges[id as usize].flow > edge.lo && least.search(from, to, id) {
            least.push(from, to);
            least.edges[id as usize].flow -= 1;
        }
        (least.edges[id as usize].flow, most.edges[id as usize].flow)
    }

    /// Breadth-first search of the residual graph from `from` to `to`, not using `banned`.
    fn search(&mut self, from: usize, to: usize, banned: u32) -> bool {
        let nodes = self.nodes();
        if self.seen.len() < nodes {
            self.seen.resize(nodes, 0);
            self.via.resize(nodes, NO_EDGE);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        self.queue.clear();
        self.queue.push(from as u16);
        self.seen[from] = stamp;
        let mut head = 0;
        while head < self.queue.len() {
            let node = self.queue[head] as usize;
            head += 1;
            let start = self.start[node] as usize;
            for &id in &self.adj[start..start + usize::from(self.degree[node])] {
                if id == banned {
                    continue;
                }
                let e = self.edges[id as usize];
                let next = if e.from as usize == node {
                    if e.flow >= e.hi {
                        continue;
                    }
                    e.to as usize
                } else {
                    if e.flow <= e.lo {
                        continue;
                    }
                    e.from as usize
                };
                if self.seen[next] == stamp {
                    continue;
                }
                self.seen[next] = stamp;
                self.via[next] = id;
                if next == to {
                    return true;
                }
                self.queue.push(next as u16);
            }
        }
        false
    }

    /// Sends one card along the path the last search found from `from` to `to`.
    fn push(&mut self, from: usize, to: usize) {
        let mut node = to;
        while node != from {
            let edge = &mut self.edges[self.via[node] as usize];
            if edge.to as usize == node {
                edge.flow += 1;
                node = edge.from as usize;
            } else {
                edge.flow -= 1;
                node = edge.to as usize;
            }
        }
    }

    /// Checks the witness: every bound met, every node balanced. For tests.
    #[cfg(test)]
    pub(crate) fn check(&self, shown: &[u8], stock: usize) {
        let mut net = vec![0i32; self.nodes()];
        for e in &self.edges {
            assert!(e.lo <= e.flow && e.flow <= e.hi, "{e:?}");
            net[e.from as usize] -= i32::from(e.flow);
            net[e.to as usize] += i32::from(e.flow);
        }
        for r in 0..self.ranks {
            assert_eq!(net[r], -(4 - i32::from(shown[r])), "rank {r}");
        }
        assert_eq!(net[self.stock_node()], stock as i32);
        for p in 0..self.players {
            assert_eq!(net[self.dealt_node(p)], self.hand as i32);
        }
        let draws: u32 = self.draws.iter().sum();
        let slots = self.nodes() - (self.ranks + 1 + self.players);
        assert_eq!(slots, draws as usize * (self.ranks + 1));
    }
}
