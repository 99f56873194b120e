/// The operating system this build runs on, as the reports name it.
///
/// Some behaviour differs by platform (Linux URLSession reports a dropped connection with a
/// different code than Apple's), so reports say where they were measured.
public let platformName: String = {
    #if os(Linux)
        "Linux"
    #elseif os(macOS)
        "macOS"
    #elseif os(iOS)
        "iOS"
    #elseif os(Windows)
        "Windows"
    #else
        "another platform"
    #endif
}()
