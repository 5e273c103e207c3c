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

use crate::rules::{Rules, CARDS_PER_RANK};

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
#[derive(Clone, Debug)]
pub(crate) struct DealModel {
    ranks: usize,
    players: usize,
    hand: usize,
    edges: Vec<Edge>,
    /// Per node: the edges that leave or enter it.
    adj: Vec<Vec<u32>>,
    /// Per `(player, rank)` (`player * ranks + rank`): the edge carrying the count of that
    /// rank among the player's hidden cards so far.
    entry: Vec<u32>,
    /// Per rank: its edge into the stock.
    stock: Vec<u32>,
    /// Per `(player, rank)`: the edge into the player's dealt hand.
    bottom: Vec<u32>,
    /// Per unseen draw, in order: who drew it and, per rank it may be, the edge into it.
    slots: Vec<(u8, Vec<(u8, u32)>)>,
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
            adj: Vec::new(),
            entry: Vec::new(),
            stock: Vec::new(),
            bottom: Vec::new(),
            slots: Vec::new(),
            draws: Vec::new(),
            seen: Vec::new(),
            via: Vec::new(),
            queue: Vec::new(),
            stamp: 0,
        };
        model.reset();
        model
    }

    /// Back to the deal, keeping the memory.
    pub(crate) fn reset(&mut self) {
        let (ranks, players, hand) = (self.ranks, self.players, self.hand);
        let nodes = ranks + 1 + players;
        self.edges.clear();
        self.adj.truncate(nodes);
        for list in &mut self.adj {
            list.clear();
        }
        self.adj.resize_with(nodes, Vec::new);
        self.entry.clear();
        self.stock.clear();
        self.bottom.clear();
        self.slots.clear();
        self.draws.clear();
        self.draws.resize(players, 0);
        // The first witness deals a deck sorted A 2 3 ... K A 2 ... in blocks of `hand` cards:
        // no hand holds more than two of a rank, so no book is owed at once.
        let mut dealt = vec![0u8; players * ranks];
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

    fn add_node(&mut self) -> usize {
        self.adj.push(Vec::new());
        self.adj.len() - 1
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
        self.adj[from].push(id);
        self.adj[to].push(id);
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
        let slot = self.add_node();
        let mut into = Vec::with_capacity(self.ranks);
        for rank in 0..self.ranks {
            let id = self.entry[player * self.ranks + rank];
            let old = self.edges[id as usize];
            let level = self.add_node();
            // The old count becomes the count before this draw, below the new level.
            let below = self.edges.len() as u32;
            self.edges.push(Edge {
                from: level as u16,
                ..old
            });
            if self.bottom[player * self.ranks + rank] == id {
                self.bottom[player * self.ranks + rank] = below;
            }
            let target = &mut self.adj[old.to as usize];
            if let Some(at) = target.iter().position(|&e| e == id) {
                target[at] = below;
            }
            self.adj[level].push(id);
            self.adj[level].push(below);
            let entry = &mut self.edges[id as usize];
            entry.to = level as u16;
            entry.lo = 0;
            entry.hi = CARDS_PER_RANK as u8;
            if not != Some(rank) && only.is_none_or(|only| only == rank) {
                into.push((rank as u8, self.add_edge(level, slot, 0, 1)));
            }
        }
        self.slots.push((player as u8, into));
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
            .map(|(player, into)| {
                let rank = into
                    .iter()
                    .find(|&&(_, e)| self.edges[e as usize].flow > 0)
                    .map_or(0, |&(r, _)| r);
                (usize::from(*player), usize::from(rank))
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
        let nodes = self.adj.len();
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
            for &id in &self.adj[node] {
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
        let mut net = vec![0i32; self.adj.len()];
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
        let slots = self.adj.len() - (self.ranks + 1 + self.players);
        assert_eq!(slots, draws as usize * (self.ranks + 1));
    }
}
