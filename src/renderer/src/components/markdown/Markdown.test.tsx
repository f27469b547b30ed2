import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { chunkCode } from './CodeBlock'
import { CHAPTER_SIZE, PAGE_SIZE } from './IncrementalLexer'
import { Markdown } from './Markdown'

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

let container: HTMLDivElement
let root: Root
let opened: string[]

beforeEach(() => {
  container = document.createElement('div')
  document.body.appendChild(container)
  root = createRoot(container)
  opened = []
})
afterEach(() => {
  act(() => root.unmount())
  container.remove()
})

function show(text: string, streaming = false) {
  act(() =>
    root.render(<Markdown text={text} streaming={streaming} onOpenLink={(url) => opened.push(url)} />),
  )
  return container.querySelector('.markdown')!
}

const all = (selector: string) => [...container.querySelectorAll(selector)]

function click(element: Element, button = 0): boolean {
  let notPrevented = true
  act(() => {
    notPrevented = element.dispatchEvent(
      new MouseEvent(button === 0 ? 'click' : 'auxclick', { bubbles: true, cancelable: true, button }),
    )
  })
  return notPrevented
}

describe('Markdown constructs', () => {
  it('renders headings of every level', () => {
    show('# One\n## Two\n### Three\n#### Four\n##### Five\n###### Six\n')
    expect(all('h1,h2,h3,h4,h5,h6').map((h) => [h.tagName, h.textContent])).toEqual([
      ['H1', 'One'],
      ['H2', 'Two'],
      ['H3', 'Three'],
      ['H4', 'Four'],
      ['H5', 'Five'],
      ['H6', 'Six'],
    ])
  })

  it('renders paragraphs with emphasis, strong, strikethrough and inline code', () => {
    show('First *em* **strong** ~~gone~~ `a < b`.\n\nSecond paragraph.')
    expect(all('p').map((p) => p.textContent)).toEqual(['First em strong gone a < b.', 'Second paragraph.'])
    expect(container.querySelector('em')!.textContent).toBe('em')
    expect(container.querySelector('strong')!.textContent).toBe('strong')
    expect(container.querySelector('del')!.textContent).toBe('gone')
    expect(container.querySelector('p code')!.textContent).toBe('a < b')
  })

  it('decodes character references in text but not in code', () => {
    show('Fish &amp; chips &lt;b&gt; &#169; `&amp;`')
    const p = container.querySelector('p')!
    expect(p.textContent).toBe('Fish & chips <b> © &amp;')
    expect(p.querySelector('b')).toBeNull()
  })

  it('renders a fenced code block with its language label and copies it', async () => {
    show('```typescript extra\nconst a = 1 < 2\n```\n')
    const block = container.querySelector('.md-code')!
    expect(block.querySelector('.md-code-lang')!.textContent).toBe('typescript')
    expect(block.querySelector('pre code')!.textContent).toBe('const a = 1 < 2')
    expect(block.classList.contains('md-code-open')).toBe(false)
    const button = block.querySelector('button')!
    await act(async () => {
      button.click()
    })
    expect(await navigator.clipboard.readText()).toBe('const a = 1 < 2')
    expect(button.textContent).toBe('Copied')
  })

  it('renders an indented code block', () => {
    show('Text\n\n    indented code\n    more\n')
    expect(container.querySelector('pre code')!.textContent).toBe('indented code\nmore')
  })

  it('renders block quotes with nested blocks', () => {
    show('> quoted **text**\n>\n> - in a list\n')
    const quote = container.querySelector('blockquote')!
    expect(quote.querySelector('p strong')!.textContent).toBe('text')
    expect(quote.querySelector('ul li')!.textContent).toBe('in a list')
  })

  it('renders unordered lists, ordered lists with their start, and nested lists', () => {
    show('- a\n- b\n  - nested\n\n3. three\n4. four\n')
    expect(all('ul > li').map((li) => li.firstChild?.textContent)).toEqual(['a', 'b', 'nested'])
    const ol = container.querySelector('ol')!
    expect(ol.getAttribute('start')).toBe('3')
    expect([...ol.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['three', 'four'])
  })

  it('renders task lists as read-only checkboxes', () => {
    show('- [x] done\n- [ ] todo\n')
    const boxes = all('li.md-task input[type="checkbox"]') as HTMLInputElement[]
    expect(boxes.map((b) => [b.checked, b.disabled])).toEqual([
      [true, true],
      [false, true],
    ])
    expect(all('li.md-task').map((li) => li.textContent?.trim())).toEqual(['done', 'todo'])
  })

  it('renders GFM tables with alignment', () => {
    show('| Left | Mid | Right |\n|:--|:-:|--:|\n| 1 | **2** | 3 |\n| 4 | 5 | 6 |\n')
    expect(all('th').map((th) => [th.textContent, th.className])).toEqual([
      ['Left', 'md-align-left'],
      ['Mid', 'md-align-center'],
      ['Right', 'md-align-right'],
    ])
    expect(all('tbody tr').map((tr) => tr.textContent)).toEqual(['123', '456'])
    expect(container.querySelector('tbody strong')!.textContent).toBe('2')
  })

  it('renders horizontal rules and hard breaks', () => {
    show('above\n\n---\n\nline one  \nline two\\\nline three')
    expect(all('hr')).toHaveLength(1)
    expect(all('p br')).toHaveLength(2)
  })

  it('shows raw HTML as literal text and creates no elements from it', () => {
    const html = '<div onclick="x()"><img src=x onerror="alert(1)"><script>alert(2)</script></div>'
    show(`${html}\n\ninline <b onmouseover="y()">bold?</b> <iframe src="https://example.com"></iframe>`)
    expect(container.textContent).toContain(html)
    expect(container.textContent).toContain('<b onmouseover="y()">bold?</b>')
    expect(all('div[onclick], img, script, b, iframe')).toHaveLength(0)
  })
})

describe('Markdown links and images', () => {
  it('renders https, http and mailto links with rel and the real target as title', () => {
    show(
      '[site](https://example.com/a) [plain](http://example.com) [mail](mailto:me@example.com) ' +
        '<https://auto.example>',
    )
    expect(all('a').map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel')])).toEqual([
      ['site', 'https://example.com/a', 'noopener noreferrer'],
      ['plain', 'http://example.com/', 'noopener noreferrer'],
      ['mail', 'mailto:me@example.com', 'noopener noreferrer'],
      ['https://auto.example', 'https://auto.example/', 'noopener noreferrer'],
    ])
    expect(container.querySelector('a')!.getAttribute('title')).toBe('https://example.com/a')
  })

  it.each([
    ['javascript', '[x](javascript:alert(1))'],
    ['mixed case javascript', '[x](JaVaScRiPt:alert(1))'],
    ['entity-encoded javascript', '[x](&#106;avascript:alert(1))'],
    ['tab inside the scheme', '[x](java&#9;script:alert(1))'],
    ['data URL', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['vbscript', '[x](vbscript:msgbox)'],
    ['file', '[x](file:///etc/passwd)'],
    ['relative path', '[x](/settings)'],
    ['reference to javascript', '[x][evil]\n\n[evil]: javascript:alert(1)'],
  ])('renders a %s link as plain text', (_name, source) => {
    show(source)
    expect(all('a')).toHaveLength(0)
    expect(container.querySelector('.md-link-blocked')!.textContent).toBe('x')
  })

  it('calls onOpenLink with the URL and prevents navigation on click and middle click', () => {
    show('[site](https://example.com/page?q=1)')
    const anchor = container.querySelector('a')!
    expect(click(anchor)).toBe(false)
    expect(click(anchor, 1)).toBe(false)
    expect(opened).toEqual(['https://example.com/page?q=1', 'https://example.com/page?q=1'])
  })

  it('passes the newest onOpenLink to links in blocks rendered earlier', () => {
    const text = '[first](https://one.example)\n\n# Heading\n\nmore\n'
    const first: string[] = []
    const second: string[] = []
    act(() => root.render(<Markdown text={text} onOpenLink={(u) => first.push(u)} />))
    act(() => root.render(<Markdown text={text} onOpenLink={(u) => second.push(u)} />))
    click(container.querySelector('a')!)
    expect([first, second]).toEqual([[], ['https://one.example/']])
  })

  it('never creates an <img>: an image becomes a link to open it, or text when its URL is unsafe', () => {
    show(
      '![a cat](https://example.com/cat.png) ![bad](javascript:alert(1)) ![data](data:image/png;base64,AAAA)',
    )
    expect(all('img')).toHaveLength(0)
    expect(all('a.md-image').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Image: a cat', 'https://example.com/cat.png'],
    ])
    expect(all('span.md-image').map((s) => s.textContent)).toEqual(['Image: bad', 'Image: data'])
  })
})

describe('Markdown while streaming', () => {
  it('renders an unclosed fence as an open code block at every step', () => {
    const source = 'Intro\n\n```python\nprint("hi")\n\nx = 1\n'
    const start = source.indexOf('```') + 4
    for (let end = start; end <= source.length; end++) {
      show(source.slice(0, end), true)
      expect(all('.md-code-open')).toHaveLength(1)
      expect(all('p').map((p) => p.textContent)).toEqual(['Intro'])
    }
    expect(container.querySelector('.md-code-open code')!.textContent).toBe('print("hi")\n\nx = 1')
  })

  it('keeps a half-written closing fence off screen, then closes the block', () => {
    show('```js\nlet a\n``', true)
    expect(container.querySelector('code')!.textContent).toBe('let a')
    show('```js\nlet a\n```', true)
    expect(container.querySelector('.md-code')!.classList.contains('md-code-open')).toBe(false)
    expect(container.querySelector('code')!.textContent).toBe('let a')
  })

  it('shows the same DOM after streaming in chunks as when rendered at once', () => {
    let text = ''
    for (let i = 0; i < 20; i++) {
      text += `## Part ${i}\n\nProse with *em* and [a link](https://example.com/${i}) &amp; more.\n\n`
      text += `- [ ] task ${i}\n- item\n\n| k | v |\n|---|---|\n| ${i} | y |\n\n`
      text += `\`\`\`sh\necho ${i}\n\`\`\`\n\n`
    }
    show(text)
    const whole = container.innerHTML
    act(() => root.unmount())
    root = createRoot(container)
    for (let end = 0; end < text.length; end += 37) show(text.slice(0, end), true)
    show(text, false)
    expect(container.innerHTML).toBe(whole)
  })

  it('splits a long code block into pieces of whole lines that join back to the exact code', () => {
    const code = Array.from({ length: 200 }, (_, i) => `line ${i}`).join('\n')
    expect(chunkCode(code).length).toBe(4)
    expect(chunkCode(code).join('')).toBe(code)
    expect(chunkCode('')).toEqual([''])
    show('```\n' + code + '\n```\n')
    expect(container.querySelector('pre code')!.textContent).toBe(code)
  })

  it('updates list items and table rows whose links resolve only when a later definition arrives', () => {
    const text =
      '- see [docs]\n- other\n\n| a |\n|---|\n| [docs] |\n\n[docs]: https://docs.example.com\n\nend\n'
    for (let end = 1; end <= text.length; end += 3) show(text.slice(0, end), true)
    show(text, false)
    expect(all('a').map((a) => a.getAttribute('href'))).toEqual([
      'https://docs.example.com/',
      'https://docs.example.com/',
    ])
  })

  it('marks itself busy while streaming', () => {
    expect(show('partial', true).getAttribute('aria-busy')).toBe('true')
    expect(show('partial done', false).getAttribute('aria-busy')).toBe('false')
  })
})

describe('Markdown of a long answer', () => {
  /** What the browser tells a content-visibility: auto element when it starts or stops skipping its content. */
  function skip(element: Element, skipped: boolean) {
    act(() => {
      element.dispatchEvent(Object.assign(new Event('contentvisibilityautostatechange'), { skipped }))
    })
  }
  // One chapter (CHAPTER_SIZE pages of PAGE_SIZE blocks) and part of the next; the first block refers to a later
  // definition.
  const length = PAGE_SIZE * CHAPTER_SIZE + 76
  const blocks = Array.from({ length }, (_, i) => (i === 0 ? 'See [docs].' : `Block ${i} *em*.`))
  const source = blocks.join('\n\n') + '\n\n'

  it('keeps a finished chapter as the same DOM once it is skipped, and renders it again when its blocks change', () => {
    show(source, true)
    const chapters = all('.markdown > .md-chapter')
    expect(chapters).toHaveLength(2)
    const live = chapters[0]!.innerHTML
    const firstPage = chapters[0]!.firstElementChild!

    skip(chapters[1]!, true)
    expect(chapters[1]!.classList.contains('md-chapter-frozen')).toBe(false)
    skip(chapters[0]!, true)
    expect(chapters[0]!.classList.contains('md-chapter-frozen')).toBe(true)
    expect(firstPage.isConnected).toBe(false)
    expect(chapters[0]!.innerHTML.replace(/ style="[^"]*"/g, '')).toBe(live)

    show(source + 'More.\n\n', true)
    expect(chapters[0]!.classList.contains('md-chapter-frozen')).toBe(true)
    expect(all('p').at(-1)!.textContent).toBe('More.')

    // Back in view it stays the copy; a late definition then changes one of its blocks: React renders it again.
    skip(chapters[0]!, false)
    expect(chapters[0]!.classList.contains('md-chapter-frozen')).toBe(true)
    show(source + 'More.\n\n[docs]: https://docs.example.com\n\nEnd\n', true)
    expect(chapters[0]!.classList.contains('md-chapter-frozen')).toBe(false)
    expect(chapters[0]!.querySelector('a')!.getAttribute('href')).toBe('https://docs.example.com/')
    expect(chapters[0]!.querySelectorAll('p')).toHaveLength(PAGE_SIZE * CHAPTER_SIZE)
    expect(chapters[0]!.querySelectorAll('p')[1]!.textContent).toBe('Block 1 em.')
    // Skipped again, it is a copy again, of what it shows now.
    skip(chapters[0]!, true)
    expect(chapters[0]!.classList.contains('md-chapter-frozen')).toBe(true)
    expect(chapters[0]!.querySelector('a')!.getAttribute('href')).toBe('https://docs.example.com/')
  })

  it('does not freeze a chapter while the selection starts or ends in it', () => {
    show(source, true)
    const chapter = container.querySelector('.md-chapter')!
    const paragraph = chapter.querySelectorAll('p')[3]!
    getSelection()!.selectAllChildren(paragraph)
    skip(chapter, true)
    expect(chapter.classList.contains('md-chapter-frozen')).toBe(false)
    expect(paragraph.isConnected).toBe(true)
    expect(getSelection()!.toString()).toBe('Block 3 em.')
    getSelection()!.removeAllRanges()
    skip(chapter, true)
    expect(chapter.classList.contains('md-chapter-frozen')).toBe(true)
  })

  it('copies a code block of a frozen chapter with its Copy button', async () => {
    show('```sh\necho frozen\n```\n\n' + source, true)
    const chapter = container.querySelector('.md-chapter')!
    skip(chapter, true)
    const button = chapter.querySelector('.md-code-copy')!
    expect(chapter.classList.contains('md-chapter-frozen')).toBe(true)
    await act(async () => {
      button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }))
    })
    expect(await navigator.clipboard.readText()).toBe('echo frozen')
    expect(button.textContent).toBe('Copied')
  })
})
