//! The exports the page calls (WebAssembly only): memory for a request, and [`handle`].
//!
//! The page writes a request's UTF-8 bytes into memory from [`fairplay_alloc`], calls
//! [`fairplay_call`], which frees the request and returns the length of the response, then
//! reads the response at [`fairplay_output`]; it stays there until the next call.

use std::cell::RefCell;

use crate::handle;

thread_local! {
    /// The last response.
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Room for a request of `len` bytes, to be passed to [`fairplay_call`].
#[no_mangle]
pub extern "C" fn fairplay_alloc(len: usize) -> *mut u8 {
    let mut buffer = Vec::<u8>::with_capacity(len.max(1));
    let pointer = buffer.as_mut_ptr();
    std::mem::forget(buffer);
    pointer
}

/// Answers the request of `len` bytes at `pointer` and frees it; returns the response's length.
///
/// # Safety
///
/// `pointer` comes from [`fairplay_alloc`]`(len)` and holds `len` initialised bytes; it is not
/// used again.
#[no_mangle]
pub unsafe extern "C" fn fairplay_call(pointer: *mut u8, len: usize) -> usize {
    // SAFETY: as the caller promises, the buffer was allocated with this capacity and filled.
    let bytes = unsafe { Vec::from_raw_parts(pointer, len, len.max(1)) };
    let response = match std::str::from_utf8(&bytes) {
        Ok(request) => handle(request),
        Err(_) => crate::usage("the request is not UTF-8"),
    };
    let len = response.len();
    OUTPUT.with(|output| *output.borrow_mut() = response.into_bytes());
    len
}

/// Where the last response is.
#[no_mangle]
pub extern "C" fn fairplay_output() -> *const u8 {
    OUTPUT.with(|output| output.borrow().as_ptr())
}
