import ChildProcesses
import Foundation
import LocalServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request as the route tests describe it, independent of the client that sends it.
struct ClientRequest: Sendable {
    var method = "GET"
    var path: String
    var headers: [String: String] = [:]
    var body: Data?
    /// Send the body with chunked transfer coding (a length the client does not announce).
    var chunked = false
    /// How long URLSession waits for this request, when not its session's default.
    var timeout: TimeInterval?
}

/// A response as the route tests check it, independent of the client that received it.
struct ClientResponse: Sendable {
    let status: Int
    /// Header fields keyed by lowercased name.
    let headers: [String: String]
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// The two independent HTTP clients every route is checked through: Foundation's URLSession
/// (libcurl underneath on Linux) and the curl command-line tool run as a child process.
enum HTTPClient: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case urlSession
    case curl

    var testDescription: String { rawValue }

    func send(_ request: ClientRequest, to server: LocalServer) async throws -> ClientResponse {
        switch self {
        case .urlSession: try await URLSessionClient.send(request, to: server)
        case .curl: try await CurlClient.send(request, to: server)
        }
    }
}

enum URLSessionClient {
    /// A session of its own, so no connection is shared with another test.
    static func makeSession(timeout: TimeInterval = 30) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        return URLSession(configuration: configuration)
    }

    static func send(
        _ request: ClientRequest, to server: LocalServer, session: URLSession? = nil
    ) async throws -> ClientResponse {
        let ownSession = session == nil ? makeSession() : nil
        defer { ownSession?.finishTasksAndInvalidate() }
        let session = session ?? ownSession!
        var urlRequest = URLRequest(url: server.url(request.path))
        urlRequest.httpMethod = request.method
        if let timeout = request.timeout { urlRequest.timeoutInterval = timeout }
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        if let body = request.body {
            if request.chunked {
                urlRequest.httpBodyStream = InputStream(data: body)
            } else {
                urlRequest.httpBody = body
            }
        }
        let (data, response) = try await session.data(for: urlRequest)
        let http = try #require(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for case (let name as String, let value as String) in http.allHeaderFields {
            headers[name.lowercased()] = value
        }
        return ClientResponse(status: http.statusCode, headers: headers, body: data)
    }
}

/// Runs `/usr/bin/curl` and reads its `--include` output.
enum CurlClient {
    struct Failure: Error, CustomStringConvertible {
        let exitCode: Int32
        let message: String

        var description: String { "curl exited with \(exitCode): \(message)" }
    }

    static func send(
        _ request: ClientRequest, to server: LocalServer, extraArguments: [String] = []
    ) async throws -> ClientResponse {
        var arguments = ["--silent", "--show-error", "--include", "--max-time", "30"]
        arguments += request.method == "HEAD" ? ["--head"] : ["--request", request.method]
        var headers = request.headers
        if request.chunked { headers["Transfer-Encoding"] = "chunked" }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            arguments += ["--header", "\(name): \(value)"]
        }
        if request.body != nil { arguments += ["--data-binary", "@-"] }
        let output = try await run(
            arguments + extraArguments + [server.url(request.path).absoluteString], input: request.body)
        return try parse(output)
    }

    /// Runs curl with `arguments`, feeding it `input`; its standard output, or `Failure` with its exit code.
    static func run(_ arguments: [String], input: Data? = nil) async throws -> Data {
        let inputURL = FileManager.default.temporaryDirectory.appending(path: "curl-in-\(UUID().uuidString)")
        try (input ?? Data()).write(to: inputURL)
        defer { try? FileManager.default.removeItem(at: inputURL) }
        let run = try await runChildProcess(
            URL(filePath: "/usr/bin/curl"), arguments: arguments,
            environment: ProcessInfo.processInfo.environment, input: inputURL, deadline: .seconds(120))
        guard run.ending == .exited(0) else {
            let exitCode: Int32 = if case .exited(let code) = run.ending { code } else { -1 }
            throw Failure(exitCode: exitCode, message: run.errors)
        }
        return run.outputData
    }

    /// Splits `--include` output into the final response's head and body, skipping `100 Continue`.
    private static func parse(_ output: Data) throws -> ClientResponse {
        var rest = output[...]
        let separator = Data("\r\n\r\n".utf8)
        while true {
            let headEnd = try #require(rest.range(of: separator), "no response head in curl output")
            let head = String(decoding: rest[..<headEnd.lowerBound], as: UTF8.self)
            rest = rest[headEnd.upperBound...]
            var lines = head.components(separatedBy: "\r\n")
            let status = try #require(Int(lines.removeFirst().split(separator: " ")[1]))
            if (100..<200).contains(status) { continue }
            var headers: [String: String] = [:]
            for line in lines {
                let parts = line.split(separator: ":", maxSplits: 1)
                headers[parts[0].lowercased()] =
                    parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            }
            return ClientResponse(status: status, headers: headers, body: Data(rest))
        }
    }
}
