public import napkin

/// The Pit Board interactor as its router sees it.
///
/// Isolation: an `Actor`, like every ``Interactable``.
public protocol PitBoardNapkinInteractable: Interactable {}
