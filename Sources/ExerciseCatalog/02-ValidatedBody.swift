extension Exercise {
    /// Chapter 2's exercise.
    public static let validatedBody = Exercise(
        number: 2, chapter: "StatusIsAValue", name: "ValidatedBody",
        task:
            "Fail a refused request with its status and the server's own message from the {\"error\": …} body.",
        hint: """
            The response's body is still in the exchange when the status says no: the server explains
            itself there, as {"error": "no such user"}. Decode that shape (a Decodable struct with one
            String property named error) from the body before you fail, and put its text in the
            failure. A body that is not that JSON, such as a plain-text 404, leaves the message nil;
            transport failures stay as they are.
            """,
        checks: [
            Check("user 1's body passes through", hint: "A 2xx response's body is the value, unchanged."),
            Check(
                "a 404 fails with the server's message",
                hint: "Decode {\"error\": …} from the 404's body and put the text in .refused's message."),
            Check(
                "a 503 fails with the server's message",
                hint: "Every status outside 200...299 carries its body's message, not only 404."),
            Check(
                "a status whose body is not JSON fails without a message",
                hint:
                    "When the body does not decode as {\"error\": …}, the message is nil; the status still counts."
            ),
            Check(
                "a refused connection stays a transport failure",
                hint: "Failures from the data task itself become .transport with their URLError code."),
        ])
}
