//! The CPU's Web Worker: answers the page's CPU requests off the page's thread (see
//! `shogi_variants::ui::worker` and `shogi_variants::session::cpu`). Built by trunk
//! from `index.html` (`data-type="worker"`, `data-bindgen-target="web"`, with a loader
//! shim); the page spawns `./cpu_worker_loader.js` as a module worker.

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    shogi_variants::worker::serve();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("This program is the CPU's Web Worker: build the site with `trunk build --release`.");
}
