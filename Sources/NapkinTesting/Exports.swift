// NapkinTesting re-exports napkin, so a test file needs one import.
@_exported public import napkin
