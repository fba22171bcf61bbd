public import napkin

/// The root interactor, as its router and children see it: it listens to both children.
///
/// An interactor is tested itself, not mocked.
///
/// napkin-mocks: exclude
public protocol RootInteractable: Interactable, LoggedOutListener, LoggedInListener {}
