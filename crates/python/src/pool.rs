//! The thread pools of `judge_many(threads=N)`: built once per size and kept, so that calls
//! (a Spark worker makes one per Arrow batch) start no threads of their own.

use std::sync::{Arc, Mutex, PoisonError};

use rayon::{ThreadPool, ThreadPoolBuilder};

use pyo3::exceptions::PyRuntimeError;
use pyo3::PyResult;

/// Most threads `judge_many` runs (`threads=`): far above the cores of any one machine, and
/// each pool kept is at most this many idle threads.
pub const MAX_THREADS: u64 = 256;

/// Pools of different sizes kept at once; asking for another size drops the oldest.
const KEPT: usize = 4;

/// The pools built so far, the one used last at the end.
static POOLS: Mutex<Vec<(usize, Arc<ThreadPool>)>> = Mutex::new(Vec::new());

/// A pool of `threads` threads (at most [`MAX_THREADS`]): the one kept for that size, else a
/// new one, kept.
pub fn of(threads: usize) -> PyResult<Arc<ThreadPool>> {
    let mut pools = POOLS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(at) = pools.iter().position(|(size, _)| *size == threads) {
        let kept = pools.remove(at);
        let pool = kept.1.clone();
        pools.push(kept);
        return Ok(pool);
    }
    let pool = ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("fairplay-{i}"))
        .build()
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start {threads} threads: {e}")))?;
    let pool = Arc::new(pool);
    if pools.len() == KEPT {
        pools.remove(0);
    }
    pools.push((threads, pool.clone()));
    Ok(pool)
}
