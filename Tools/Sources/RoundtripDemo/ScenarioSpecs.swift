/// The spec files of the demo's apps.
enum ScenarioSpecs {
    /// InnerFence's "2-way app integration on the iPhone": InnerFence's Credit Card Terminal.
    static let cardTerminal = """
        roundtrip: 1
        app: {name: Card Terminal, app-id: INNRFNC001.com.innerfence.ccterminal, schemes: [com-innerfence-ccterminal]}
        callbacks: [pos-app://charge-result]
        actions:
          charge:
            url: com-innerfence-ccterminal://charge/1.0.0/
            convention: return-url
            response-prefix: ifcc_
            parameters:
              amount:        {type: decimal, required: true, minimum: 0.01, maximum: 100000}
              currency:      {type: string, enum: [USD, EUR, GBP], default: USD}
              invoiceNumber: {type: string, max-length: 32, pattern: "[A-Za-z0-9-]+"}
        """

    /// Imprivata's "iOS App Logout via Universal Link Callback": an app that logs out on a Universal Link Callback.
    static let ehr = """
        roundtrip: 1
        app: {name: Charts EHR, app-id: EHRTEAM001.com.example.ehr, domains: [ehr.example.com]}
        actions:
          logout: {url: "https://ehr.example.com/logout", convention: ulc}
        """

    /// David Thiel's "iOS Application Security", chapter 8: a bank with a hijackable custom scheme and a universal link.
    static let bank = """
        roundtrip: 1
        app: {name: Bank, app-id: BANKTEAM01.com.example.bank, schemes: [bankpay], domains: [bank.example.com]}
        callbacks: ["wallet://paid", "https://wallet.example.com/paid"]
        actions:
          pay:
            url: bankpay://pay
            convention: return-url
            response-prefix: bank_
            parameters:
              amount: {type: decimal, required: true, minimum: 0.01}
              payee:  {type: string, required: true, max-length: 64}
          pay-link:
            url: https://bank.example.com/pay
            convention: return-url
            response-prefix: bank_
            parameters:
              amount: {type: decimal, required: true, minimum: 0.01}
              payee:  {type: string, required: true, max-length: 64}
        """

    /// A payment terminal with only a custom scheme, which signs its answers with an Ed25519 key
    /// whose public half (base64) callers read here.
    static func payTerminal(publicKey: String) -> String {
        """
        roundtrip: 1
        app: {name: Pay Terminal, app-id: PAYTERM001.com.example.payterminal, schemes: [payterm]}
        callbacks: ["wallet://signed"]
        keys:
          terminal-2026: {algorithm: ed25519, public-key: "\(publicKey)"}
        answers: {signatures: required, key: terminal-2026}
        actions:
          charge:
            url: payterm://charge
            convention: return-url
            response-prefix: term_
            parameters:
              amount: {type: decimal, required: true, minimum: 0.01}
              payee:  {type: string, required: true, max-length: 64}
        """
    }

    /// Apple's "App Programming Guide for iOS" (inter-app communication): the to-do list.
    static let todo = """
        roundtrip: 1
        app: {name: ToDo, schemes: [todolist]}
        actions:
          add-task:
            url: todolist://www.acme.com
            convention: none
            query-value: {name: task, type: string, required: true, max-length: 200}
            fragment: {name: due, type: date, format: yyyyMMddHHmm}
        """

    /// "Application integration using the iPhone SDK" (Trein and iNap): iNap.
    static let iNap = """
        roundtrip: 1
        app: {name: iNap, schemes: [myapp]}
        actions:
          activate-destination:
            url: myapp://myapp
            convention: none
            parameters:
              latitude:  {type: decimal, required: true, minimum: -90, maximum: 90}
              longitude: {type: decimal, required: true, minimum: -180, maximum: 180}
              title:     {type: string, required: true, max-length: 100}
        """

    /// x-callback-url 1.0: a notes app.
    static let notes = """
        roundtrip: 1
        app: {name: Notes, schemes: [notes]}
        actions:
          add:
            convention: x-callback-url
            parameters:
              title: {type: string, required: true, max-length: 100}
              body:  {type: string}
        """
}

extension ScenarioSpecs {
    /// x-callback-url 1.0 with list, multi-line and returned values: a notes app whose `create`
    /// takes a comma list of tags and a multi-line text, and returns the new note's id.
    static let journalNotes = """
        roundtrip: 1
        app: {name: Notes, schemes: [notes]}
        callbacks: ["journal://x-callback-url/notes/success", "journal://x-callback-url/notes/error"]
        actions:
          create:
            convention: x-callback-url
            outcomes: [success, error]
            parameters:
              title: {type: string, required: true, max-length: 100}
              tags:  {type: string, list: comma, max-items: 5, pattern: "[a-z0-9-]+"}
              text:  {type: string, multiline: true, max-length: 2000}
              pin:   {type: boolean, format: yes-no, default: no}
            returns:
              id: {type: uuid, required: true}
        """
}

extension ScenarioSpecs {
    /// A payment terminal whose URL API has its own shape: the request is one JSON object in the
    /// `data` parameter with the callback at its `/callback_url` member (RFC 6901 JSON Pointer),
    /// and the answer is one JSON object (RFC 8259) in the callback's `data` parameter, signed
    /// with the terminal's Ed25519 key (RFC 8032).
    static func jsonTerminal(publicKey: String) -> String {
        """
        roundtrip: 1
        app: {name: Pay Device, app-id: PAYDEV0001.com.example.paydevice, schemes: [paydevice]}
        callbacks: ["shop://paid"]
        keys:
          paydevice-2026: {algorithm: ed25519, public-key: "\(publicKey)"}
        answers: {signatures: required, key: paydevice-2026}
        actions:
          charge:
            url: paydevice://payment/create
            convention: custom
            outcomes: [success, error]
            parameters:
              data: {type: json, required: true}
            callback-parameters:
              any: {parameter: data, pointer: /callback_url}
            answer:
              json: data
              outcome: {name: status, values: {success: ok, error: declined}}
            returns:
              transaction_id: {type: string, required: true}
              approved_amount: {type: integer, required: true, minimum: 1}
        """
    }
}
