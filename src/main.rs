//! Browser entry point: installs the panic hook and mounts the app.

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    shogi_variants::ui::mount();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("This program runs in the browser: build it with `trunk build --release`.");
}
