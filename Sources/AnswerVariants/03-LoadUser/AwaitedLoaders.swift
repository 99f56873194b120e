import ExerciseChecks
import ExerciseSupport
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The async shape the exercise offers: `data(for:)`, the status, the decoder, each failure thrown as
/// a `LoadError`; `translate` names the one for a transport failure's code.
func awaitedTranslating(
    _ url: URL, _ session: URLSession, _ translate: @Sendable (URLError.Code) -> LoadError
) async throws(LoadError) -> User {
    let (data, response): (Data, URLResponse)
    do {
        (data, response) = try await session.data(for: URLRequest(url: url))
    } catch {
        throw translate((error as? URLError)?.code ?? .unknown)
    }
    let status = response.httpStatus ?? 0
    guard 200...299 ~= status else { throw .serverSaidNo(status: status) }
    do {
        return try JSONDecoder().decode(User.self, from: data)
    } catch {
        throw .unreadable
    }
}

/// Wrong: the untouched async starter's translation, every code `.transport`.
@Sendable func everyCodeTransport(_ code: URLError.Code) -> LoadError {
    .transport(code)
}

/// Wrong: whatever `data(for:)` threw is taken for being offline.
@Sendable func everyCodeOffline(_ code: URLError.Code) -> LoadError {
    .offline
}

/// Right, though narrower than the reference: only a refused connection is offline.
@Sendable func onlyRefusedCodeOffline(_ code: URLError.Code) -> LoadError {
    code == .cannotConnectToHost ? .offline : .transport(code)
}

/// Wrong: the body is decoded whatever the status, so a 404's error body is reported as unreadable
/// (chapter 2's pitfall, awaited).
func awaitedWithoutStatusCheck(_ url: URL, _ session: URLSession) async throws(LoadError) -> User {
    let data: Data
    do {
        (data, _) = try await session.data(for: URLRequest(url: url))
    } catch {
        throw onlyRefusedCodeOffline((error as? URLError)?.code ?? .unknown)
    }
    do {
        return try JSONDecoder().decode(User.self, from: data)
    } catch {
        throw .unreadable
    }
}

/// Wrong: one untyped `do` around the whole exchange, so the `.serverSaidNo` thrown inside it is
/// caught with the transport failures, and, being no `URLError`, becomes `.transport(.unknown)`.
func awaitedInOneCatch(_ url: URL, _ session: URLSession) async throws(LoadError) -> User {
    do {
        let (data, response) = try await session.data(for: URLRequest(url: url))
        let status = response.httpStatus ?? 0
        guard 200...299 ~= status else { throw LoadError.serverSaidNo(status: status) }
        return try JSONDecoder().decode(User.self, from: data)
    } catch {
        throw onlyRefusedCodeOffline((error as? URLError)?.code ?? .unknown)
    }
}
