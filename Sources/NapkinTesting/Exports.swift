@_exported public import napkin
