//! The test server: serves a built site (`dist/`, or another folder a test deploys)
//! under a sub-path on 127.0.0.1, logs every request with its status, and can be taken
//! "down" (every request answered 503).

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::IntoResponse;
use std::net::{SocketAddr, TcpListener};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tower_http::services::ServeDir;

/// A free port of 127.0.0.1.
pub(super) fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port on 127.0.0.1")
        .port()
}

/// One request the test server answered.
#[derive(Clone, Debug)]
pub(super) struct Served {
    pub(super) path: String,
    pub(super) status: u16,
}

/// Serves the folder `root` holds (read at each request, so a test can deploy another
/// build: `Page::serve_from`) under `base` on a free port of 127.0.0.1, and logs
/// every request with its status.
pub(super) async fn serve(
    root: Arc<Mutex<PathBuf>>,
    base: &str,
    down: Arc<AtomicBool>,
) -> (SocketAddr, Arc<Mutex<Vec<Served>>>) {
    let log = Arc::new(Mutex::new(Vec::new()));
    let recorder = log.clone();
    let files = axum::routing::any(move |request: Request| {
        let dir = root.lock().expect("served folder").clone();
        async move {
            match ServeDir::new(dir).try_call(request).await {
                Ok(response) => response.into_response(),
                Err(e) => {
                    (axum::http::StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response()
                }
            }
        }
    });
    let app = axum::Router::new()
        .nest_service(base.trim_end_matches('/'), files)
        .layer(axum::middleware::from_fn(
            move |request: Request, next: Next| {
                let recorder = recorder.clone();
                let down = down.clone();
                async move {
                    if down.load(Ordering::SeqCst) {
                        // The host is "down": only the service worker can answer.
                        return axum::http::StatusCode::SERVICE_UNAVAILABLE.into_response();
                    }
                    let path = request.uri().path().to_string();
                    let response = next.run(request).await;
                    recorder.lock().expect("log").push(Served {
                        path,
                        status: response.status().as_u16(),
                    });
                    response
                }
            },
        ));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind the test server");
    let addr = listener.local_addr().expect("test server address");
    tokio::spawn(async move {
        axum::serve(listener, app).await.expect("test server");
    });
    (addr, log)
}
