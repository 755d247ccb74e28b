/// A page's signature: how Flipbook knows a page is one it wrote and nobody changed since.
///
/// `flipbook report` replaces a `report.html` only when it is such a page (Flipbook never
/// overwrites a file it did not create): the page's second line holds a 64-bit FNV-1a hash of
/// everything after it. An edited page, or any other file, no longer matches and is kept. The hash
/// guards against accidents, not against someone forging a page; a forged page is one its maker
/// meant to be replaced.
extension ReportPage {
    /// The signature line's text before the hash.
    static let signaturePrefix = "<!-- Flipbook wrote this page; fnv1a64 "
    static let signatureSuffix = " -->\n"
    static let doctype = "<!DOCTYPE html>\n"

    /// `page` with the doctype and the signature line in front.
    public static func sign(_ page: String) -> String {
        var page = page
        let hash = page.withUTF8 { fnv1a(UnsafeRawBufferPointer($0)) }
        return doctype + signaturePrefix + hex(hash) + signatureSuffix + page
    }

    /// True when `bytes` are a page `sign` made and nothing changed since.
    /// - Complexity: O(bytes).
    public static func isUnmodified(_ bytes: [UInt8]) -> Bool {
        let head = Array((doctype + signaturePrefix).utf8)
        let hashLength = 16, tail = Array(signatureSuffix.utf8)
        let bodyStart = head.count + hashLength + tail.count
        guard bytes.count >= bodyStart, Array(bytes[0..<head.count]) == head,
              Array(bytes[(head.count + hashLength)..<bodyStart]) == tail else { return false }
        let written = String(decoding: bytes[head.count..<(head.count + hashLength)], as: UTF8.self)
        return written == hex(bytes[bodyStart...].withUnsafeBytes(fnv1a))
    }

    /// 64-bit FNV-1a over raw bytes (a pointer loop: pages run to tens of megabytes, and a
    /// generic sequence loop took seconds for them in a debug build).
    static func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for i in 0..<bytes.count { h = (h ^ UInt64(bytes[i])) &* 0x0000_0100_0000_01b3 }
        return h
    }

    static func hex(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}
