//! Benchmarks of the Hasami engine and CPU (criterion). Node counts are asserted so a
//! faster but wrong change fails.

#![allow(
    missing_docs,
    reason = "criterion_group! generates an undocumented pub fn"
)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shogi_variants::ai::{Level, Think, hasami};
use shogi_variants::engine::hasami::{Game, Position, Rules, perft};
use std::hint::black_box;

const MIDGAME: &str = "w2w1w2w/1w5w1/3b5/9/2wbw4/4b4/9/1b3b1b1/b7b b 2 0 40";

fn movegen(c: &mut Criterion) {
    let positions: Vec<Position> = [Position::start().to_string().as_str(), MIDGAME]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    assert_eq!(
        positions
            .iter()
            .map(|p| p.legal_moves().len())
            .sum::<usize>(),
        63 + 83
    );
    let mut group = c.benchmark_group("hasami");
    group.throughput(Throughput::Elements(63 + 83));
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).legal_moves().len())
                .sum::<usize>()
        })
    });
    group.finish();
}

fn perft_bench(c: &mut Criterion) {
    let game = Game::new(Rules::default());
    assert_eq!(perft(&game, 3), 254_219);
    let mut group = c.benchmark_group("hasami");
    group.sample_size(10);
    group.throughput(Throughput::Elements(254_219));
    group.bench_function("perft_3_start", |b| b.iter(|| perft(black_box(&game), 3)));
    group.finish();
}

fn cpu(c: &mut Criterion) {
    let game = Game::from_position(Rules::default(), MIDGAME.parse().unwrap());
    let mut group = c.benchmark_group("hasami");
    group.sample_size(10);
    for level in [Level::Strong, Level::Master] {
        let think = Think::nodes_only(level, 1);
        group.bench_function(format!("cpu_{level}_midgame"), |b| {
            b.iter(|| hasami::choose(black_box(&game), &think).unwrap())
        });
    }
    group.bench_function("cpu_baseline_midgame", |b| {
        b.iter(|| hasami::baseline::choose(black_box(&game), 1).unwrap())
    });
    group.finish();
}

criterion_group!(benches, movegen, perft_bench, cpu);
criterion_main!(benches);
