import Foundation

/// The page that walks the site in a frame, as a reader would, and writes what it found into its
/// own document for the test to read: served from the same host as the site, so that its script
/// may look inside the frame.
enum SiteCheckPage {
    /// What the page is asked to look at, as the JSON its script reads.
    struct Request: Encodable {
        /// The landing page's address.
        let landing: String
        /// Every page whose title and pictures it checks.
        let pages: [String]
        /// The words it types into the navigator's filter, one at a time.
        let filterWords: [String]
        /// The quizzes it answers, wrongly and then rightly.
        let quizzes: [Quiz]
    }

    /// A tutorial's first question, by the text of a wrong and of the right answer.
    struct Quiz: Codable {
        let address: String
        let wrong: String
        let right: String
    }

    /// What it found, from the JSON it writes.
    struct Findings: Decodable {
        struct Page: Decodable {
            let address: String
            /// The page's title, empty when it never showed one.
            let title: String
            let pictures: [String]
            /// The pictures the browser could not load or draw.
            let broken: [String]
        }
        struct Filter: Decodable {
            let word: String
            /// The titles the navigator shows for it.
            let shown: [String]
        }
        /// What a quiz made of an answer once submitted.
        struct Answer: Decodable {
            let found: Bool
            /// The chosen answer's classes (`choice … correct` or `… incorrect`).
            let classes: String
            /// What it said to a screen reader, such as "Answer 3 requests is correct".
            let said: String
        }
        struct Answers: Decodable {
            let quiz: Quiz
            let wrong: Answer
            let right: Answer
        }
        let landingTopics: [String]
        let pages: [Page]
        let filters: [Filter]
        let quizzes: [Answers]
    }

    /// The page's HTML for `request`.
    static func html(_ request: Request) throws -> String {
        let json = String(decoding: try JSONEncoder().encode(request), as: UTF8.self)
        return """
            <!doctype html><meta charset="utf-8"><title>site check</title><link rel="icon" href="data:,">
            <iframe id="frame" style="width: 1280px; height: 900px"></iframe>
            <pre id="findings"></pre>
            <script type="application/json" id="request">\(json)</script>
            <script>
            \(script)
            </script>
            """
    }

    /// The findings in `document`, the page as the browser left it.
    static func findings(in document: String) throws -> Findings {
        guard let match = document.firstMatch(of: /<pre id="findings">([\s\S]*?)<\/pre>/) else {
            throw FindingsMissing(document: String(document.prefix(2000)))
        }
        let text = String(match.output.1).replacing("&lt;", with: "<").replacing("&gt;", with: ">")
            .replacing("&quot;", with: "\"").replacing("&amp;", with: "&")
        return try JSONDecoder().decode(Findings.self, from: Data(text.utf8))
    }

    struct FindingsMissing: Error, CustomStringConvertible {
        let document: String
        var description: String { "the check page wrote no findings; it ended as:\n\(document)" }
    }

    /// Every wait has a deadline; a page that never shows what is waited for is reported, not waited on.
    private static let script = """
        const request = JSON.parse(document.getElementById('request').textContent);
        const frame = document.getElementById('frame');
        const sleep = ms => new Promise(resolve => setTimeout(resolve, ms));
        async function until(condition, ms = 20000) {
          const end = Date.now() + ms;
          while (Date.now() < end) {
            try { const value = condition(); if (value) return value; } catch (e) {}
            await sleep(50);
          }
          return null;
        }
        const inFrame = selector => [...frame.contentDocument.querySelectorAll(selector)];
        // Loads `address` in the frame and waits for its title.
        async function open(address) {
          frame.src = 'about:blank';
          await until(() => frame.contentWindow.location.href === 'about:blank');
          frame.src = address;
          return until(() => frame.contentWindow.location.pathname === new URL(address, location).pathname
            && frame.contentDocument.querySelector('main h1'));
        }
        // Whether the browser can load and draw the picture at `source`.
        function draws(source) {
          return new Promise(resolve => {
            const image = new Image();
            image.onload = () => resolve(image.naturalWidth > 0);
            image.onerror = () => resolve(false);
            image.src = source;
          });
        }
        // Picks the answer that reads `text` in the frame's quiz, submits it, and reads the verdict.
        async function answer(text) {
          const choice = inFrame('.quiz label.choice').find(label => label.textContent.trim() === text);
          if (!choice) return { found: false, classes: '', said: '' };
          choice.querySelector('input').click();
          await sleep(200);
          const submit = inFrame('.quiz button.check')[0];
          if (submit) submit.click();
          await sleep(500);
          const said = inFrame('.quiz [aria-live]').map(element => element.textContent.trim()).join(' ');
          return { found: true, classes: choice.className, said };
        }
        (async () => {
          const findings = { landingTopics: [], pages: [], filters: [], quizzes: [] };
          for (const quiz of request.quizzes) {
            const loaded = await open(quiz.address) && await until(() => inFrame('.quiz label.choice').length);
            const wrong = loaded ? await answer(quiz.wrong) : { found: false, classes: '', said: '' };
            const right = loaded ? await answer(quiz.right) : { found: false, classes: '', said: '' };
            findings.quizzes.push({ quiz, wrong, right });
          }
          for (const address of request.pages) {
            const title = await open(address);
            await sleep(300);
            const pictures = title ? inFrame('main img').map(image => image.src) : [];
            const broken = [];
            for (const source of pictures) if (!(await draws(source))) broken.push(source);
            findings.pages.push({ address, title: title ? title.textContent.trim() : '', pictures, broken });
          }
          if (await open(request.landing)) {
            findings.landingTopics = [...new Set(inFrame('main .topic-title, main a.link')
              .map(link => link.textContent.trim()))];
            const filter = await until(() => inFrame('input.filter__input').find(input => input.offsetParent));
            for (const word of request.filterWords) {
              if (!filter) break;
              filter.value = word;
              filter.dispatchEvent(new InputEvent('input', { bubbles: true }));
              await sleep(500);
              const shown = inFrame('.navigator-card-item')
                .filter(item => item.getBoundingClientRect().top >= 0)
                .map(item => (item.querySelector('.leaf-link') || item).textContent.trim());
              findings.filters.push({ word, shown });
            }
          }
          document.getElementById('findings').textContent = JSON.stringify(findings);
          // With the site gone, nothing is left to run, and the browser's time runs out at once.
          frame.remove();
        })();
        """
}
