import Foundation

// Foundation's coders already have the `decode(_:from:)` and `encode(_:)` the protocols ask for.

extension JSONDecoder: TopLevelDecoder {}
extension JSONEncoder: TopLevelEncoder {}
extension PropertyListDecoder: TopLevelDecoder {}
extension PropertyListEncoder: TopLevelEncoder {}
