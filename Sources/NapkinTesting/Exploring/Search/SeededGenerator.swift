/// A seeded random number generator (SplitMix64): the same seed gives the same orders.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension SeededGenerator {
  /// The generator of run `run` (from 0) of a search seeded with `seed`: runs draw apart.
  init(forRun run: Int, of seed: UInt64) {
    self.init(seed: seed &+ UInt64(run) &* 0x2545_F491_4F6C_DD1D)
  }
}
