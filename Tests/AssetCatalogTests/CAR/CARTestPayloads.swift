// Made with the reference LZFSE implementation (PyPI `lzfse`): an 8x6 BGRA image (32 bytes per row, pixel
// (x, y) = blue x*16, green y*32, red (x+y)*8, alpha 255), whole and as two 3-row chunks; a palette-img stream.
enum CARTestPayloads {
    static let image8x6 = "YnZ4LcAAAAAAAAD/EAAI/yAAEP8wABj/QAAg/1AAKP9gADD/cAA4/wAgCP8QIBD/ICAY/zAgIP9AICj/UCAw/2AgOP9wIED/AEAQ/xBAGP8gQCD/MEAo/0BAMP9QQDj/YEBA/3BASP8AYBj/EGAg/yBgKP8wYDD/QGA4/1BgQP9gYEj/cGBQ/wCAIP8QgCj/IIAw/zCAOP9AgED/UIBI/2CAUP9wgFj/AKAo/xCgMP8goDj/MKBA/0CgSP9QoFD/YKBY/3CgYP9idngk"
    static let image8x6Top = "YnZ4LWAAAAAAAAD/EAAI/yAAEP8wABj/QAAg/1AAKP9gADD/cAA4/wAgCP8QIBD/ICAY/zAgIP9AICj/UCAw/2AgOP9wIED/AEAQ/xBAGP8gQCD/MEAo/0BAMP9QQDj/YEBA/3BASP9idngk"
    static let image8x6Bottom = "YnZ4LWAAAAAAYBj/EGAg/yBgKP8wYDD/QGA4/1BgQP9gYEj/cGBQ/wCAIP8QgCj/IIAw/zCAOP9AgED/UIBI/2CAUP9wgFj/AKAo/xCgMP8goDj/MKBA/0CgSP9QoFD/YKBY/3CgYP9idngk"
    static let palette5x2 = "YnZ4LSIAAAAN8P7KAQAAAAMA//8AAIAAgAAAAAAAAQABAgAAAgIAAQABYnZ4JA=="
}
