extension Exercise {
    /// Chapter 7's exercise.
    public static let modifiedSinceLoader = Exercise(
        number: 7, chapter: "ConditionalRequests", name: "ModifiedSinceLoader",
        task:
            "Revalidate with dates: send back Last-Modified as If-Modified-Since and serve a 304 from memory.",
        hint: """
            The chapter's loader kept the ETag of its last 200 and sent it as If-None-Match. Do the
            same with the date: keep the Last-Modified header of the last 200 together with the user
            decoded from it, and build each request when someone subscribes (Deferred) with that date
            in If-Modified-Since, copied exactly as the server wrote it. A 304 has no body: answer it
            with the user you kept, before any status check would call it a failure. A 200 replaces
            what you kept, date and user both.
            """,
        checks: [
            Check(
                "the first fetch decodes the user",
                hint:
                    "With nothing kept, send a plain GET and decode the 200's body with the decoder you were given."
            ),
            Check(
                "a second fetch sends If-Modified-Since and serves the 304 without decoding",
                hint:
                    "Send the Last-Modified you kept as If-Modified-Since; on a 304, hand back the kept user without decoding."
            ),
            Check(
                "after the user changes, a fetch decodes the new user",
                hint:
                    "Send the date you kept on every fetch: to a date it has moved past, the server answers 200 with the new user."
            ),
            Check(
                "the fetch after that asks with the new date",
                hint: "A 200 replaces what you kept: its Last-Modified is the date to send next time."),
            Check(
                "subscribing again to the same publisher asks with the date kept since",
                hint:
                    "Build the request inside Deferred, so each subscription reads what is kept when it subscribes."
            ),
        ])
}
