//! A referee reset for the next log judges it exactly as a new one does: `audit` keeps one
//! referee per thread and resets it between logs, so that a batch allocates nothing per log.

use fairplay_quartets::notation::LogReader;
use fairplay_quartets::{Referee, Rules};
use fairplay_sim::quartets::{simulate_seeded, Config};

/// Everything a referee tells after judging `log`: verdict and contradiction, turn, counts,
/// witness and knowledge table.
fn judged(referee: &mut Referee, log: &str) -> String {
    for record in LogReader::new(log.as_bytes()).unwrap() {
        if referee.apply_raw(record.unwrap().action).is_err() {
            break;
        }
    }
    let counts: Vec<u32> = referee
        .rules()
        .all_players()
        .map(|p| referee.card_count(p))
        .collect();
    format!(
        "{:?} {:?} {:?} {counts:?} {:?} {:?}",
        referee.verdict(),
        referee.contradiction(),
        referee.turn(),
        referee.witness(),
        referee.knowledge_table()
    )
}

#[test]
fn a_reset_referee_judges_like_a_new_one() {
    for rules in [Rules::standard(), Rules::new(3, 3, 3, None).unwrap()] {
        let config = Config::new(rules.clone())
            .with_cheat_rate(0.02)
            .with_foolish_rate(0.1);
        let mut reused = Referee::new(rules.clone());
        for seed in 0..300 {
            let log = simulate_seeded(&config, seed).log();
            reused.reset();
            let again = judged(&mut reused, &log);
            let fresh = judged(&mut Referee::new(rules.clone()), &log);
            assert_eq!(again, fresh, "seed {seed}");
        }
    }
}

/// Counts the heap allocations each thread makes, so a test can say how many judging a log
/// costs (the other tests of this file run on other threads and are not counted).
struct Counting;

thread_local! {
    static ALLOCATIONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

// SAFETY: every call is passed on unchanged to the system allocator; the counter is a
// thread-local `Cell` with a `const` initialiser, which never allocates.
unsafe impl std::alloc::GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        ALLOCATIONS.with(|count| count.set(count.get() + 1));
        unsafe { std::alloc::System.alloc(layout) }
    }
    unsafe fn dealloc(&self, pointer: *mut u8, layout: std::alloc::Layout) {
        unsafe { std::alloc::System.dealloc(pointer, layout) }
    }
    unsafe fn realloc(&self, pointer: *mut u8, layout: std::alloc::Layout, size: usize) -> *mut u8 {
        ALLOCATIONS.with(|count| count.set(count.get() + 1));
        unsafe { std::alloc::System.realloc(pointer, layout, size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(|count| count.get())
}

/// What batch does with each log, through the `Game` trait: once a thread's referee has grown
/// to the logs' size, an honest standard log costs no heap allocation, and a foul costs only
/// the words of its reason. The first pass grows buffers a few times (17 allocations for 300
/// honest logs), far from once per log.
#[test]
fn judging_a_log_allocates_nothing_once_the_referee_has_grown() {
    use fairplay_core::Game as _;
    let game = fairplay_quartets::Quartets::new(Rules::standard());
    for cheat_rate in [0.0, 0.02] {
        let config = Config::new(Rules::standard()).with_cheat_rate(cheat_rate);
        let logs: Vec<String> = (0..300)
            .map(|seed| simulate_seeded(&config, seed).log())
            .collect();
        let mut first_pass = 0;
        for log in &logs {
            let before = allocations();
            let judgement = game.audit(log.as_bytes()).unwrap();
            if judgement.verdict.name() == "fair" {
                first_pass += allocations() - before;
            }
        }
        assert!(
            first_pass < 30,
            "cheat rate {cheat_rate}: first pass {first_pass}"
        );
        let (mut fair, mut fouls) = (0, 0);
        for log in &logs {
            let before = allocations();
            let judgement = game.audit(log.as_bytes()).unwrap();
            let spent = allocations() - before;
            if judgement.verdict.name() == "foul" {
                fouls += 1;
                // The reason's message: one string, grown a few times as it is written.
                assert!(
                    spent <= 4,
                    "a foul took {spent} allocations: {:?}",
                    judgement.verdict
                );
            } else {
                fair += 1;
                assert_eq!(spent, 0, "an honest log took {spent} allocations");
            }
        }
        assert!(fair > 0, "cheat rate {cheat_rate}: no honest log");
        assert_eq!(
            fouls > 0,
            cheat_rate > 0.0,
            "cheat rate {cheat_rate}: {fouls} fouls"
        );
    }
}
