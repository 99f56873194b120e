/// A count with its noun, singular or plural as the number needs: `1 request`, `3 requests`.
public func counted(_ number: Int, _ singular: String, plural: String? = nil) -> String {
    "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
}
