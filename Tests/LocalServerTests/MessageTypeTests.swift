import Foundation
import LocalServer
import Testing

/// The value types handlers work with, checked without a server.
@Suite struct MessageTypeTests {
    @Test func headerLookupIgnoresCase() {
        var headers: HTTPHeaders = ["Content-Type": "text/plain", "X-Many": "1"]
        headers.add(name: "x-many", value: "2")
        #expect(headers["content-type"] == "text/plain")
        #expect(headers["CONTENT-TYPE"] == "text/plain")
        #expect(headers.values(for: "X-MANY") == ["1", "2"])
        #expect(headers.contains("x-many"))
        #expect(!headers.contains("X-Missing"))
    }

    @Test func settingAHeaderReplacesEveryFieldOfThatName() {
        var headers: HTTPHeaders = ["A": "1", "X-Many": "1", "B": "2"]
        headers.add(name: "x-many", value: "2")
        headers["X-MANY"] = "3"
        #expect(headers.fields.map(\.name) == ["A", "X-MANY", "B"])
        #expect(headers.values(for: "x-many") == ["3"])
        headers["x-many"] = nil
        #expect(headers.fields.map(\.name) == ["A", "B"])
    }

    @Test func absoluteTargetGivesPathAndQuery() {
        let request = HTTPRequest(method: "GET", target: "http://example.test:8080/users/1?verbose=yes")
        #expect(request.path == "/users/1")
        #expect(request.queryItems == [URLQueryItem(name: "verbose", value: "yes")])
    }

    @Test func jsonEncodesValuesAndSendsRawTextAsIs() throws {
        let encoded = HTTPResponse.json(User(id: 1, name: "Ada Lovelace"), status: 201)
        #expect(encoded.status == 201)
        #expect(encoded.headers["Content-Type"] == "application/json")
        #expect(try JSONDecoder().decode(User.self, from: encoded.body) == User(id: 1, name: "Ada Lovelace"))
        let raw = HTTPResponse.json(
            Routes.malformedJSON, headers: ["Content-Type": "application/problem+json"])
        #expect(raw.body == Data(Routes.malformedJSON.utf8))
        #expect(raw.headers.values(for: "content-type") == ["application/problem+json"])
    }

    @Test func valueThatCannotBeEncodedGivesAServerError() {
        let response = HTTPResponse.json(Double.nan)
        #expect(response.status == 500)
        #expect(String(decoding: response.body, as: UTF8.self).hasPrefix("cannot encode Double as JSON"))
    }

    @Test func modifiersKeepTheRestOfTheResponse() {
        let response = HTTPResponse.text("body", status: 202).delayed(by: .seconds(1)).truncated(
            sendingBytes: 2)
        #expect(response.status == 202)
        #expect(response.delay == .seconds(1))
        #expect(response.fault == .truncateBody(sendingBytes: 2))
        #expect(HTTPResponse.neverAnswer.fault == .neverAnswer)
        #expect(HTTPResponse.closeWithoutAnswer.fault == .closeWithoutAnswer)
    }
}
