import LocalServer
import LoopbackLab
import Testing

/// The search route that exercise 5's checks type into: it answers with the query it was asked,
/// at once; the checks hold its answers until the typing is done.
@Suite("Routes: the search route")
struct SearchRouteTests {
    @Test func answersWithItsQueryAtOnce() {
        let response = RouteTable.response(
            to: HTTPRequest(method: "GET", target: "/search?tag=t&q=swift%20ui"))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "results for swift ui")
        #expect(response.delay == .zero)
    }

    @Test func aQueryValueIsTheFirstItemOfThatNameDecoded() {
        let request = HTTPRequest(method: "GET", target: "/search?q=a%26b&q=second&empty=")
        #expect(request.queryValue("q") == "a&b")
        #expect(request.queryValue("empty") == "")
        #expect(request.queryValue("missing") == nil)
    }
}
