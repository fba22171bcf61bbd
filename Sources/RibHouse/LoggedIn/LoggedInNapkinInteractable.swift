public import napkin

/// The LoggedIn interactor as its router sees it: it listens to both of its children.
///
/// Isolation: an `Actor`, like every ``Interactable``.
public protocol LoggedInNapkinInteractable: Interactable, PitBoardNapkinListener,
  AnnouncementsNapkinListener
{}
