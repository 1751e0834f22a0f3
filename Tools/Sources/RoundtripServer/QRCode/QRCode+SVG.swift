extension QRCode {
    /// The code as a standalone SVG element: one path of unit squares, a 4-module quiet zone,
    /// scaled by the viewer (`width` and `height` in CSS pixels).
    ///
    /// - Complexity: O(*s*²) for *s* modules per side.
    package func svg(pixels: Int = 264, title: String = "QR code") -> String {
        let side = size + 8
        var path = ""
        for (y, row) in modules.enumerated() {
            for (x, isDark) in row.enumerated() where isDark {
                path += "M\(x + 4),\(y + 4)h1v1h-1z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="\(HTML.escape(title))" \
            width="\(pixels)" height="\(pixels)" viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges">\
            <rect width="\(side)" height="\(side)" fill="#fff"/><path d="\(path)" fill="#000"/></svg>
            """
    }
}
