//! The buffers of JSON Lines records, used again once their records are judged. A window of
//! long records is megabytes; freed at once, glibc gives that memory back to the system, and
//! the next window's buffers then cost a page fault every 4 KiB (with the allocator, about 8 %
//! of the CPU time of a batch of 1000-action logs under `perf`).

use std::sync::{Mutex, PoisonError};

use fairplay_core::batch::WINDOW_BYTES;

use super::inputs::KEEP_TEXT;

/// The most bytes of buffers kept for reuse: one window's worth, so that the two windows a
/// batch holds and the buffers kept stay within three windows.
const KEEP_BYTES: usize = WINDOW_BYTES;

/// The biggest buffer kept, as for a worker's buffers: a huge record's memory is given back.
const KEEP_ONE: usize = KEEP_TEXT;

/// Buffers of records judged, with their total capacity, at most [`KEEP_BYTES`].
struct Pool {
    buffers: Vec<Vec<u8>>,
    bytes: usize,
}

impl Pool {
    const fn new() -> Pool {
        Pool {
            buffers: Vec::new(),
            bytes: 0,
        }
    }

    /// An empty buffer: one kept if there is one.
    fn take(&mut self) -> Vec<u8> {
        let buffer = self.buffers.pop().unwrap_or_default();
        self.bytes -= buffer.capacity();
        buffer
    }

    /// Keeps `buffer` (emptied) if it is not too big and there is room for it.
    fn keep(&mut self, mut buffer: Vec<u8>) {
        let size = buffer.capacity();
        if size > 0 && size <= KEEP_ONE && self.bytes + size <= KEEP_BYTES {
            buffer.clear();
            self.bytes += size;
            self.buffers.push(buffer);
        }
    }
}

/// The one pool of the process. The batch drops a window's jobs and reads the next window's on
/// one thread at a time, though not always the same thread: one pool bounds the memory kept
/// whatever the number of threads, and nobody waits for its lock.
static POOL: Mutex<Pool> = Mutex::new(Pool::new());

fn pool<T>(f: impl FnOnce(&mut Pool) -> T) -> T {
    // A panic cannot leave the pool inconsistent for its next user: at worst a buffer is lost.
    f(&mut POOL.lock().unwrap_or_else(PoisonError::into_inner))
}

/// A record's bytes, whose buffer is kept for another record when dropped.
pub struct RecordBytes(Vec<u8>);

impl RecordBytes {
    /// Wraps a record's bytes.
    pub fn new(bytes: Vec<u8>) -> RecordBytes {
        RecordBytes(bytes)
    }

    /// An empty buffer for the next record: one kept from an earlier record if there is one.
    pub fn spare() -> Vec<u8> {
        pool(Pool::take)
    }
}

impl std::ops::Deref for RecordBytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.0
    }
}

impl Drop for RecordBytes {
    fn drop(&mut self) {
        let buffer = std::mem::take(&mut self.0);
        if buffer.capacity() > 0 {
            pool(|pool| pool.keep(buffer));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Pool, KEEP_BYTES, KEEP_ONE};

    #[test]
    fn a_kept_buffer_is_lent_once() {
        let mut pool = Pool::new();
        assert_eq!(pool.take().capacity(), 0);
        let mut record = Vec::with_capacity(5000);
        record.extend_from_slice(b"{\"log\": \"\"}");
        pool.keep(record);
        let spare = pool.take();
        assert!(spare.is_empty() && spare.capacity() >= 5000);
        assert_eq!(pool.take().capacity(), 0, "lent once");
        assert_eq!(pool.bytes, 0);
    }

    #[test]
    fn huge_buffers_and_more_than_a_window_are_freed() {
        let mut pool = Pool::new();
        pool.keep(Vec::with_capacity(KEEP_ONE + 1));
        assert_eq!(pool.take().capacity(), 0);
        for _ in 0..KEEP_BYTES / KEEP_ONE + 2 {
            pool.keep(Vec::with_capacity(KEEP_ONE));
        }
        let kept: Vec<Vec<u8>> = std::iter::from_fn(|| Some(pool.take()))
            .take_while(|spare| spare.capacity() > 0)
            .collect();
        let bytes: usize = kept.iter().map(Vec::capacity).sum();
        assert!(
            bytes <= KEEP_BYTES && bytes > KEEP_BYTES - KEEP_ONE,
            "{bytes}"
        );
    }
}
