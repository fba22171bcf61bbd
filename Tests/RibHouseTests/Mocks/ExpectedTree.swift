/// The router trees the Rib House shows, as `RouterTreeRenderer` draws them.
enum ExpectedTree {
  static let loggedOut = """
    LaunchNapkinRouter
      LoggedOutNapkinRouter
    """
  static let loggedIn = """
    LaunchNapkinRouter
      LoggedInNapkinRouter
        AnnouncementsNapkinRouter
    """
  static let pitBoard = """
    LaunchNapkinRouter
      LoggedInNapkinRouter
        AnnouncementsNapkinRouter
        PitBoardNapkinRouter
    """
}
