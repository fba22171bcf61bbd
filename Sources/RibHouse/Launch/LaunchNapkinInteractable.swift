public import napkin

/// The Launch interactor as its router sees it: it listens to both of its children.
///
/// Isolation: an `Actor`, like every ``Interactable``.
public protocol LaunchNapkinInteractable: Interactable, LoggedOutNapkinListener,
  LoggedInNapkinListener
{}
