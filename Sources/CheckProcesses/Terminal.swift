import Foundation

/// Writes a line to standard output at once, unbuffered, so it shows before a slow step starts.
public func say(_ text: String = "") {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

/// Writes a line to standard error.
public func complain(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
