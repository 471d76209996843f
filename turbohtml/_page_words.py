"""Words the page-type features count (data only; turbohtml/_features.pyx, docs/scoring.md).

Each ``CLASS_WORDS`` entry counts the elements whose lower-cased class carries it (as a
substring, the way the hint words of ``_hints.py`` match): the vocabulary that forum,
shop, listing, documentation and landing-page templates share across sites. The schema.org
types are counted in ``itemtype`` values and JSON-LD scripts alike.
"""

CLASS_WORDS = (
    "post", "comment", "reply", "thread", "topic", "forum", "message", "author", "user",
    "avatar", "price", "cart", "product", "sku", "stock", "rating", "review", "card", "item",
    "grid", "tile", "listing", "result", "filter", "facet", "sort", "pagination", "doc",
    "toc", "sidebar", "menu", "breadcrumb", "hero", "feature", "testimonial", "pricing",
    "cta", "article", "entry", "byline", "date", "tag", "share", "code", "highlight",
    "version", "button", "btn", "col", "row", "container", "section", "banner", "icon",
    "hentry", "meta", "posted", "publish", "widget", "modal", "swatch", "variant", "qty",
    "quantity", "wishlist", "collection", "catalog", "categor", "accordion", "faq", "tab",
    "step", "team", "logo", "client", "partner", "contact", "newsletter", "related", "excerpt",
    "summary", "teaser", "vote", "answer", "question", "quote", "signature", "badge", "member",
    "param", "method", "syntax", "admonition", "callout", "headerlink", "permalink", "prev",
)

#: The class words that name a post of a thread (a comment, a reply, a message, an
#: answer): the share of a page's text inside such blocks tells a thread, all posts,
#: from an article with comments below it, whatever markup the posts' text is in.
THREAD_WORDS = ("comment", "reply", "message", "answer")

#: Schema.org types (of SCHEMA_TYPES) that declare the page a thread: a page carrying one
#: is a forum page whatever the model says (the markup search engines ask of forums and
#: Q&A sites; too few pages carry it for the model to weigh it so).
DECLARED_THREAD = ("DiscussionForumPosting", "QAPage")

SCHEMA_TYPES = (
    "Product", "Offer", "AggregateRating", "DiscussionForumPosting", "Comment", "Question",
    "Answer", "QAPage", "NewsArticle", "BlogPosting", "Article", "ItemList", "CollectionPage",
    "SearchResultsPage", "TechArticle", "SoftwareApplication", "SoftwareSourceCode",
    "FAQPage", "Service", "LocalBusiness", "Organization", "WebPage", "Person", "Event",
    "Recipe", "JobPosting", "BreadcrumbList", "ListItem", "ProductGroup", "OfferCatalog",
    "Course", "HowTo", "Blog", "ProfilePage", "AboutPage", "ContactPage", "VideoObject",
    "WebSite", "SiteNavigationElement",
)

#: Words of the page's own address (its canonical link or ``og:url``; host and path),
#: lower-cased: how sites file their shops, threads, docs and news.
URL_WORDS = (
    "collection", "categor", "shop", "store", "product", "/p/", "item", "forum", "thread",
    "topic", "/t/", "communit", "discussion", "question", "doc", "api", "reference", "guide",
    "manual", "learn", "help", "support", "news", "blog", "article", "stor", "tag", "search",
    "service", "solution", "pricing", "feature", "about", "career", "job", "event", "course",
    "program", "director", "list", "result", "page", ".htm", "/20", "?", "=", "/en",
    "develop", "wiki", "faq",
)

#: Words of the page's ``<title>``, lower-cased: how sites name their news, shops,
#: threads, docs and service pages (and the separators before a site's name).
TITLE_WORDS = (
    "news", "blog", "article", "forum", "thread", "topic", "question", "discussion", "communit",
    "reply", "shop", "buy", "sale", "price", "$", "deal", "store", "collection", "product",
    "categor", "catalog", "doc", "guide", "tutorial", "reference", "api", "manual", "learn",
    "how to", "what is", "why", "best", "top ", "review", " vs", "service", "company",
    "agency", "solution", "contact", "about", "pricing", "free", "official", "online",
    "near", "cost", "course", "program", "job", "event", "archive", "post", "page",
    "result", "search", "all ", "men", "women", "|", " - ", ":", "?", "!", ",", "20",
    "help", "support", "faq", "overview", "introduction", "getting started", "install",
    "home", "welcome", "our ", "your ", "you", "the ", " for ", " in ", " and ", "&",
)
#: Words of the short text of links and buttons (at most SHORT_TEXT characters),
#: lower-cased, in groups counted together: the calls to action a landing page repeats,
#: the cart buttons of shops, the "read more" of a listing's teasers, a thread's "reply"
#: and "quote" under every post, a pager, the "edit this page" of documentation and an
#: article's share and comment links.
CONTROL_WORDS = {
    "cta": ("contact us", "get a quote", "free quote", "request a", "schedule", "book now", "call now",
            "call us", "get started", "consultation", "enroll", "apply now", "sign up", "learn more",
            "get in touch", "book a", "register"),
    "cart": ("add to cart", "add to bag", "buy now", "add to basket", "in stock", "out of stock",
             "quantity", "wishlist", "checkout"),
    "more": ("read more", "continue reading", "read full", "view all", "see all", "load more",
             "show more", "view more", "see more"),
    "reply": ("reply", "quote", "report", "permalink", "joined", "posts:", "likes", "upvote", "helpful"),
    "pager": ("next", "previous", "older", "newer", "prev"),
    "docs": ("edit this page", "on this page", "table of contents", "was this page helpful", "feedback",
             "edit on github", "contents", "next:", "previous:"),
    "share": ("share", "related", "comment", "leave a reply", "min read", "posted", "author", "subscribe",
              "tweet", "facebook"),
}

#: Words of the ``<h2>``-``<h4>`` headings, lower-cased, in groups counted together: the
#: sections a landing page, a product page, a listing, an article, a thread and a
#: reference page are made of.
HEADING_WORDS = {
    "service": ("our services", "why choose", "testimonial", "how it works", "what we do", "faq",
                "frequently asked", "our team", "get in touch", "contact", "why us", "what our",
                "benefits", "our process", "who we are", "pricing", "plans"),
    "product": ("description", "specification", "reviews", "details", "shipping", "related products",
                "you may also like", "customers also", "features", "returns", "size", "warranty"),
    "listing": ("results", "showing", "filter", "sort by", "categories", "items", "archives",
                "recent posts", "latest", "all "),
    "article": ("related", "comments", "leave a reply", "share", "about the author", "conclusion",
                "introduction", "summary", "references", "key takeaways"),
    "forum": ("replies", "reply", "posts", "members", "discussion", "thread", "topic"),
    "docs": ("parameters", "returns", "example", "syntax", "usage", "overview", "prerequisites",
             "installation", "note", "see also"),
}

#: Shares of the page's text or links (numerator, denominator: feature names of
#: ``turbohtml._features.TAG_FEATURES``) that tell kinds apart better than raw counts.
SHARES = (
    ("link_chars", "chars"), ("p_chars", "chars"), ("li_chars", "chars"), ("code_chars", "chars"),
    ("td_chars", "chars"), ("card_links", "links"), ("currency", "chars"), ("time", "article"),
    ("links", "elements"), ("p", "elements"), ("li", "elements"), ("chars", "elements"),
    ("repeat_chars", "chars"), ("repeat_link_chars", "repeat_chars"), ("repeats", "elements"),
    ("long_p", "p"), ("p_commas", "p_chars"), ("heading_chars", "chars"), ("repeat_p", "repeats"),
    ("heading_link_chars", "heading_chars"), ("max_run_chars", "chars"), ("repeat_titled", "repeats"),
    ("thread_chars", "chars"),
)
