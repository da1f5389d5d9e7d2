//! Benchmarks of the Yonin Shogi engine (criterion): move generation and perft. Node
//! counts are asserted so that a faster but wrong change fails. Throughput is reported in
//! elements per second: generated moves for `legal_moves`, perft leaves for `perft`.
//!
//! The `yonin_cpu` group times the CPU (`ai::yonin::choose_move` with the default budget)
//! on the mid-game positions; it must stay well under 50 ms a move natively, since the
//! browser's opt-level "z" wasm is about three times slower and a move may block the
//! page for about 200 ms at most. `tests/yonin_cpu.rs` (`time_per_move`, ignored) gives
//! the median and worst case over 200 positions.

#![allow(
    missing_docs,
    reason = "criterion_group! generates an undocumented pub fn"
)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shogi_variants::ai::Budget;
use shogi_variants::ai::yonin::choose_move;
use shogi_variants::engine::yonin::{Game, Position, perft};
use std::hint::black_box;

/// Mid-game positions from `tests/data/yonin.perft` with their move counts.
const MIDGAME: [(&str, usize); 4] = [
    (
        "2SnGnKn4/3PnGnPnSn2/Sw1Ps5Se/GwPw2Ps2Re1/6Rw2/KwPw5Pe1/SwGw1Ps3Ke1/4RsPs1Se1/2SsGsKsGs3 R/3P/-/2GS s - 29 -",
        73,
    ),
    (
        "Pw1SnwGnwKnx1Rw2/3PnwSnwPnw3/Sw1Gnw5Se/GwPwGe1Rs1Ge2/Kw1PwRs1Pe3/1Pw2Ks1PeSsGs/SwGw1Ps1Ps3/5SeGeKe1/1Pe+Rnw6 -/SP/-/- w n:w:61 89 -",
        125,
    ),
    (
        "1+Se2Ss2Kn1/5GwRn1Pe/7Pe1/KwSw1Pn3Pe1/Gw2Gn5/3Ps2ReGnSn/3Ke1+Sn3/PsSs3Gs2Ks/1+Pe1Gs5 RGS4P/S/R/GP s - 179 ownerless",
        235,
    ),
    (
        "2SnGn2Sn2/3KnRnPn2Ps/SwGw1Pn1+Rs3/Rw1PwSePn2SsKe/Kw1Pw4Ge1/GwPw4Pe1Ge/3Ps1PsPw2/RwSs2Ks1GsSe1/3Gs5 GSP/-/-/- s - 59 pairs",
        154,
    ),
];

fn movegen(c: &mut Criterion) {
    let positions: Vec<Position> = MIDGAME
        .iter()
        .map(|(text, _)| text.parse().expect("benchmark position"))
        .chain(std::iter::once(Position::default()))
        .collect();
    let expected: usize = MIDGAME.iter().map(|(_, n)| n).sum::<usize>() + 9;
    let count = || {
        positions
            .iter()
            .map(|p| black_box(p).legal_moves().len())
            .sum::<usize>()
    };
    assert_eq!(count(), expected);
    let mut group = c.benchmark_group("yonin");
    group.throughput(Throughput::Elements(expected as u64));
    group.bench_function("legal_moves", |b| b.iter(count));
    group.finish();
}

fn perft_bench(c: &mut Criterion) {
    let start = Game::from_position(Position::default());
    assert_eq!(perft(&start, 5), 82_134);
    let mid = Game::from_position(MIDGAME[0].0.parse().expect("benchmark position"));
    assert_eq!(perft(&mid, 3), 65_337);
    let mut group = c.benchmark_group("yonin");
    group.sample_size(10);
    group.throughput(Throughput::Elements(82_134));
    group.bench_function("perft_5_start", |b| b.iter(|| perft(black_box(&start), 5)));
    group.throughput(Throughput::Elements(65_337));
    group.bench_function("perft_3_midgame_drops", |b| {
        b.iter(|| perft(black_box(&mid), 3))
    });
    group.finish();
}

fn cpu(c: &mut Criterion) {
    let mut group = c.benchmark_group("yonin_cpu");
    group.sample_size(20);
    for (text, moves) in MIDGAME {
        let game = Game::from_position(text.parse().expect("benchmark position"));
        let mv = choose_move(&game, Budget::DEFAULT, 1).expect("a move");
        assert!(game.legal_moves().contains(&mv));
        group.bench_function(format!("choose_move_{moves}_moves"), |b| {
            b.iter(|| choose_move(black_box(&game), Budget::DEFAULT, 1))
        });
    }
    group.finish();
}

criterion_group!(benches, movegen, perft_bench, cpu);
criterion_main!(benches);
