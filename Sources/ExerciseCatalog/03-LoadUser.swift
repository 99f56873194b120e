extension Exercise {
    /// Chapter 3's exercise.
    public static let loadUser = Exercise(
        number: 3, chapter: "TypedErrors", name: "LoadUser",
        task:
            "Tell \"offline\" (no server got the request) apart from \"the server said no\" in the typed error.",
        hint: """
            Every URLError becomes .transport today, so a refused connection looks like any other
            trouble. Only some codes prove that no server got the request: .cannotConnectToHost when
            nothing listens (add .notConnectedToInternet and .cannotFindHost, which a phone sees). Map
            those to .offline and leave every other code as .transport: a server that accepted the
            connection and then dropped it, or never answered in time, was reachable and may have the
            request (chapter 3 measures that the timed-out one did).
            Answering in async (loadUserForm = .async)? The same codes arrive as the URLError that
            data(for:) throws: catch it there and throw .offline for those codes, .transport for the rest.
            """,
        checks: [
            Check("user 1 arrives decoded", hint: "A 2xx with a user's JSON is the value."),
            Check(
                "a 404 is the server saying no",
                hint: "A status outside 200...299 is .serverSaidNo with that status."),
            Check(
                "a refused connection is offline",
                hint: "URLError.cannotConnectToHost means nothing listened: map it to .offline."),
            Check(
                "a timeout is not offline",
                hint:
                    "URLError.timedOut does not say whether the server had the request (chapter 3 measured that it did): keep it .transport."
            ),
            Check(
                "a dropped connection is not offline",
                hint: "Only codes meaning no server answered are .offline; others stay .transport(code)."),
        ])
}
