public import napkin

/// The Announcements interactor as its router sees it.
///
/// Isolation: an `Actor`, like every ``Interactable``.
public protocol AnnouncementsNapkinInteractable: Interactable {}
