import DeepCutAtlas

/// Sample library content.
enum Fixtures {
  static let john = User(id: 123, name: "John Doe", email: "john@example.com")

  static let playlistID: Playlist.ID = "pl-1"

  static let artists = [
    Artist(id: "ar-1", name: "Broadcast"), Artist(id: "ar-2", name: "Stereolab"),
  ]

  /// Tracks `t1` … `tN`.
  static func tracks(_ range: ClosedRange<Int>) -> [Track] {
    range.map { Track(id: "t\($0)", title: "Song \($0)", artistName: "Artist \($0)") }
  }

  /// A feed of `pages` pages of two tracks each, keyed by page number.
  static func feed(pages: Int) -> [Int: Page<Track>] {
    Dictionary(
      uniqueKeysWithValues: (1...pages).map { number in
        let first = number * 2 - 1
        return (
          number, Page(number: number, items: tracks(first...first + 1), hasMore: number < pages)
        )
      })
  }

  /// The tracks of the first `pages` pages of ``feed(pages:)``.
  static func feedTracks(throughPage pages: Int) -> [Track] {
    tracks(1...pages * 2)
  }
}
