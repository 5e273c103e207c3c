//! The buffers of JSON Lines records, used again once their records are judged. A window of
//! long records is megabytes; freed at once, glibc gives that memory back to the system, and
//! the next window's buffers then cost a page fault every 4 KiB (with the allocator, about 8 %
//! of the CPU time of a batch of 1000-action logs under `perf`).

use std::cell::RefCell;

use fairplay_core::batch::WINDOW_BYTES;

use super::inputs::KEEP_TEXT;

/// The most bytes of buffers kept for reuse: one window's worth, so that a window and the
/// buffers kept from the last one stay within twice a window.
const KEEP_BYTES: usize = WINDOW_BYTES;

/// The biggest buffer kept, as for a worker's buffers: a huge record's memory is given back.
const KEEP_ONE: usize = KEEP_TEXT;

/// Buffers of records judged, kept on the thread that dropped them (the batch's reader drops a
/// window's jobs before it reads the next window), with their total capacity.
struct Spare {
    buffers: Vec<Vec<u8>>,
    bytes: usize,
}

thread_local! {
    static SPARE: RefCell<Spare> = const {
        RefCell::new(Spare {
            buffers: Vec::new(),
            bytes: 0,
        })
    };
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
        SPARE.with_borrow_mut(|spare| {
            let buffer = spare.buffers.pop().unwrap_or_default();
            spare.bytes -= buffer.capacity();
            buffer
        })
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
        let size = buffer.capacity();
        if size == 0 || size > KEEP_ONE {
            return;
        }
        // `try_with`: a job dropped while its thread ends just frees its buffer.
        let _ = SPARE.try_with(|spare| {
            let mut spare = spare.borrow_mut();
            if spare.bytes + size <= KEEP_BYTES {
                spare.bytes += size;
                spare.buffers.push(buffer);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::{RecordBytes, KEEP_BYTES, KEEP_ONE};

    #[test]
    fn a_dropped_record_lends_its_buffer_to_the_next() {
        // Each test runs on its own thread, so its pool starts empty.
        assert_eq!(RecordBytes::spare().capacity(), 0);
        let record = RecordBytes::new(Vec::with_capacity(5000));
        drop(record);
        let spare = RecordBytes::spare();
        assert!(spare.is_empty() && spare.capacity() >= 5000);
        assert_eq!(RecordBytes::spare().capacity(), 0, "lent once");
    }

    #[test]
    fn huge_buffers_and_more_than_a_window_are_freed() {
        drop(RecordBytes::new(Vec::with_capacity(KEEP_ONE + 1)));
        assert_eq!(RecordBytes::spare().capacity(), 0);
        let records: Vec<RecordBytes> = (0..KEEP_BYTES / KEEP_ONE + 2)
            .map(|_| RecordBytes::new(Vec::with_capacity(KEEP_ONE)))
            .collect();
        drop(records);
        let kept: Vec<Vec<u8>> = std::iter::from_fn(|| Some(RecordBytes::spare()))
            .take_while(|spare| spare.capacity() > 0)
            .collect();
        let bytes: usize = kept.iter().map(Vec::capacity).sum();
        assert!(
            bytes <= KEEP_BYTES && bytes > KEEP_BYTES - KEEP_ONE,
            "{bytes}"
        );
    }
}
