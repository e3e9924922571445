/**
 * The API's types, generated from the server's OpenAPI document (GET /api/docs) by
 * scripts/generate-api-types.mjs. Do not edit: run `npm run api:types` after changing a route's schema
 * (`npm run lint` fails while this file is out of date).
 */

export interface paths {
    "/api/v1/admin/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Audit log: who changed what, when, before and after */
        get: {
            parameters: {
                query?: {
                    action?: string;
                    actor?: string;
                    /** @description Ext: continue after the row this opaque cursor names (a previous answer's `next_cursor`, same filters); excludes page > 0 */
                    cursor?: string;
                    /** @description Entries at or after this instant */
                    from?: string;
                    /** @description Show book titles in this language (ext) */
                    language?: "zh-cn" | "en-us" | "fr-fr" | "es-es" | "ar-sa";
                    /** @description page × page_size may not pass 10,000: follow next_cursor instead */
                    page?: number;
                    page_size?: number;
                    target_id?: string;
                    target_type?: string;
                    /** @description Entries before this instant */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                items: {
                                    /** @description For example book.update, membership.grant, order.refund */
                                    action: string;
                                    /** @description The administrator's user name, or `cli` */
                                    actor: string;
                                    /** @description The changed fields after the change (null for a removal) */
                                    after: unknown;
                                    /** @description The changed fields before the change (null for a creation) */
                                    before: unknown;
                                    /** Format: date-time */
                                    created_at: string;
                                    id: number;
                                    /** @description Ext: readable names of the ids this entry mentions (target, keys and values of before/after): a book uuid gives its title, a chapter uuid "title #number", a user uuid the user name */
                                    names: {
                                        [key: string]: string;
                                    };
                                    target_id: string;
                                    target_type: string;
                                }[];
                                /** @description Ext: the cursor of the next page; null on the last one */
                                next_cursor: string | null;
                                /** @description The rows before this page plus those counted from its start, at most 1,000 of them (exact unless total_is_lower_bound) */
                                total: number;
                                /** @description Ext: true when there are more rows than counted: show "total+" */
                                total_is_lower_bound: boolean;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/books": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Books, published or not, newest update first */
        get: {
            parameters: {
                query?: {
                    book_type?: "comic" | "novel";
                    /** @description Ext (issue 61): the content rating, from the mildest: all_ages, teen, mature, adult */
                    content_rating?: "all_ages" | "teen" | "mature" | "adult";
                    /** @description Show book titles in this language (ext) */
                    language?: "zh-cn" | "en-us" | "fr-fr" | "es-es" | "ar-sa";
                    page?: number;
                    page_size?: number;
                    published?: "all" | "published" | "unpublished";
                    /** @description The site book search, drafts included: titles in every language, authors, tags, introductions; best match first */
                    q?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                items: {
                                    author: string | null;
                                    /** @enum {unknown} */
                                    book_type: "comic" | "novel";
                                    /** Format: uuid */
                                    book_uuid: string;
                                    /** @description Published chapters */
                                    chapter_count: number;
                                    /** @description Ext (issue 61): the content rating, from the mildest: all_ages, teen, mature, adult */
                                    content_rating: "all_ages" | "teen" | "mature" | "adult";
                                    cover_image: string | null;
                                    import_pending: boolean;
                                    is_published: boolean;
                                    /** @description The language of `title` */
                                    language: string;
                                    public_free_chapters: number;
                                    /** @description Ext (issue 45): the book's reading direction and default mode, as the operator set them */
                                    reading: {
                                        /** @description ltr: pages turn left to right; rtl: right to left (manga) */
                                        direction: "ltr" | "rtl";
                                        /** @description strip: one long vertical strip; single: one page at a time; double: two pages side by side */
                                        mode: "strip" | "single" | "double";
                                    };
                                    recommendation_rank: number | null;
                                    /** @enum {unknown} */
                                    status: "ongoing" | "completed";
                                    /** @description The title in `language` of the query (with the fallback), else in the original language */
                                    title: string;
                                    /** Format: date-time */
                                    updated_at: string;
                                }[];
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create a book (unpublished) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Ext: other names of the book, searched as titles; the whole list (an empty one removes them all) */
                        alternate_titles?: {
                            /** @description A BCP 47 language tag, e.g. `zh-cn`, `ja`, `zh-Latn-pinyin` */
                            language?: string | null;
                            title: string;
                        }[];
                        artist?: string | null;
                        author?: string | null;
                        /** @enum {unknown} */
                        book_type: "comic" | "novel";
                        content_descriptors?: ("violence" | "gore" | "sexual_content" | "nudity" | "language" | "drugs" | "horror" | "self_harm")[];
                        /** @description Ext (issue 61): the content rating, from the mildest: all_ages, teen, mature, adult */
                        content_rating?: "all_ages" | "teen" | "mature" | "adult";
                        introductions?: {
                            "ar-sa"?: string;
                            "en-us"?: string;
                            "es-es"?: string;
                            "fr-fr"?: string;
                            "zh-cn"?: string;
                        };
                        /** @enum {unknown} */
                        original_language: "zh-cn" | "en-us" | "fr-fr" | "es-es" | "ar-sa";
                        public_free_chapters?: number;
                        /** @enum {unknown} */
                        status?: "ongoing" | "completed";
                        /** @description Canonical Chinese genres, at most 3 */
                        tags?: ("历史穿越" | "古典武侠" | "未来科幻" | "玄幻奇幻" | "现代都市" | "都市言情" | "古代言情" | "末世危机" | "架空历史" | "西方奇幻" | "悬疑推理")[];
                        titles: {
                            "ar-sa"?: string;
                            "en-us"?: string;
                            "es-es"?: string;
                            "fr-fr"?: string;
                            "zh-cn"?: string;
                        };
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Ext: other names of the book, in order */
                                alternate_titles: {
                                    language: string | null;
                                    title: string;
                                }[];
                                /** @description Ext (issue 46): who drew the book, as credited (names joined by " & "); null: none */
                                artist: string | null;
                                author: string | null;
                                /** @enum {unknown} */
                                book_type: "comic" | "novel";
                                /** Format: uuid */
                                book_uuid: string;
                                chapter_count: number;
                                content_descriptors: ("violence" | "gore" | "sexual_content" | "nudity" | "language" | "drugs" | "horror" | "self_harm")[];
                                /** @description Ext (issue 61): the content rating, from the mildest: all_ages, teen, mature, adult */
                                content_rating: "all_ages" | "teen" | "mature" | "adult";
                                cover_image: string | null;
                                /** Format: date-time */
                                created_at: string;
                                import_pending: boolean;
                                introductions: {
                                    [key: string]: string;
                                };
                                is_published: boolean;
                                /** @enum {unknown} */
                                original_language: "zh-cn" | "en-us" | "fr-fr" | "es-es" | "ar-sa";
                                public_free_chapters: number;
                                publishing: {
                                    /** @description ISO weekdays the book publishes on; empty: no regular days */
                                    days: number[];
                                    /** @description HH:MM in time_zone; null: no set time */
                                    time: string | null;
                                    /** @description IANA time zone of time (default UTC) */
                                    time_zone: string;
                                };
                                /** @description Ext (issue 46): kept out of every ranking (the other books keep their computed order) */
                                ranking_excluded: boolean;
                                /** @description Ext (issue 45): the book's reading direction and default mode, as the operator set them */
                                reading: {
                                    /** @description ltr: pages turn left to right; rtl: right to left (manga) */
                                    direction: "ltr" | "rtl";
                                    /** @description strip: one long vertical strip; single: one page at a time; double: two pages side by side */
                                    mode: "strip" | "single" | "double";
                                };
                                recommendation_rank: number | null;
                                /** @enum {unknown} */
                                status: "ongoing" | "completed";
                                tags: string[];
                                /** @description Ext: the title to show, in `language` of the query with the fallback */
                                title: string;
                                /** @description Ext: the language of `title` */
                                title_language: string;
                                titles: {
                                    [key: string]: string;
                                };
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/books/{bookUuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A book with everything the console may edit */
        get: {
            parameters: {
                query?: {
                    /** @description Show book titles in this language (ext) */
                    language?: "zh-cn" | "en-us" | "fr-fr" | "es-es" | "ar-sa";
                };
                header?: never;
                path: {
                    bookUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Ext: other names of the book, in order */
                                alternate_titles: {
                                    language: string | null;
                                    title: string;
                                }[];
                                /** @description Ext (issue 46): who drew the book, as credited (names joined by " & "); null: none */
                                artist: string | null;
                                author: string | null;
                                /** @enum {unknown} */
                                book_type: "comic" | "novel";
                                /** Format: uuid */
                                book_uuid: string;
                                chapter_count: number;
                                content_descriptors: ("violence" | "gore" | "sexual_content" | "nudity" | "language" | "drugs" | "horror" | "self_harm")[];
                                /** @description Ext (issue 61): the content rating, from the mildest: all_ages, teen, mature, adult */
                                content_rating: "all_ages" | "teen" | "mature" | "adult";
                                cover_image: string | null;
                                /** Format: date-time */
                                created_at: string;
                                import_pending: boolean;
                                introductions: {
                                    [key: string]: string;
                                };
                                is_published: boolean;
                                /** @enum {unknown} */
                                original_language: "zh-cn" | "en-us" | "fr-fr" | "es-es" | "ar-sa";
                                public_free_chapters: number;
                                publishing: {
                                    /** @description ISO weekdays the book publishes on; empty: no regular days */
                                    days: number[];
                                    /** @description HH:MM in time_zone; null: no set time */
                                    time: string | null;
                                    /** @description IANA time zone of time (default UTC) */
                                    time_zone: string;
                                };
                                /** @description Ext (issue 46): kept out of every ranking (the other books keep their computed order) */
                                ranking_excluded: boolean;
                                /** @description Ext (issue 45): the book's reading direction and default mode, as the operator set them */
                                reading: {
                                    /** @description ltr: pages turn left to right; rtl: right to left (manga) */
                                    direction: "ltr" | "rtl";
                                    /** @description strip: one long vertical strip; single: one page at a time; double: two pages side by side */
                                    mode: "strip" | "single" | "double";
                                };
                                recommendation_rank: number | null;
                                /** @enum {unknown} */
                                status: "ongoing" | "completed";
                                tags: string[];
                                /** @description Ext: the title to show, in `language` of the query with the fallback */
                                title: string;
                                /** @description Ext: the language of `title` */
                                title_language: string;
                                titles: {
                                    [key: string]: string;
                                };
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                    };
                };
            };
        };
        /** Edit a book (only the given fields) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    bookUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Ext: other names of the book, searched as titles; the whole list (an empty one removes them all) */
                        alternate_titles?: {
                            /** @description A BCP 47 language tag, e.g. `zh-cn`, `ja`, `zh-Latn-pinyin` */
                            language?: string | null;
                            title: string;
                        }[];
                        artist?: string | null;
                        author?: string | null;
                        /** @enum {unknown} */
                        book_type?: "comic" | "novel";
                        content_descriptors?: ("violence" | "gore" | "sexual_content" | "nudity" | "language" | "drugs" | "horror" | "self_harm")[];
                        /** @description Ext (issue 61): the content rating, from the mildest: all_ages, teen, mature, adult */
                        content_rating?: "all_ages" | "teen" | "mature" | "adult";
                        introductions?: {
                            "ar-sa"?: string;
                            "en-us"?: string;
                            "es-es"?: string;
                            "fr-fr"?: string;
                            "zh-cn"?: string;
                        };
                        /** @enum {unknown} */
                        original_language?: "zh-cn" | "en-us" | "fr-fr" | "es-es" | "ar-sa";
                        public_free_chapters?: number;
                        publishing?: {
                            days: number[];
                            time: string | null;
                            /** @description An IANA time zone, e.g. Asia/Shanghai (default UTC) */
                            time_zone: string;
                        };
                        /** @description Keep the book out of every ranking (audited as book.ranking) */
                        ranking_excluded?: boolean;
                        /** @enum {unknown} */
                        status?: "ongoing" | "completed";
                        /** @description Canonical Chinese genres, at most 3 */
                        tags?: ("历史穿越" | "古典武侠" | "未来科幻" | "玄幻奇幻" | "现代都市" | "都市言情" | "古代言情" | "末世危机" | "架空历史" | "西方奇幻" | "悬疑推理")[];
                        titles?: {
                            "ar-sa"?: string;
                            "en-us"?: string;
                            "es-es"?: string;
                            "fr-fr"?: string;
                            "zh-cn"?: string;
                        };
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Ext: other names of the book, in order */
                                alternate_titles: {
                                    language: string | null;
                                    title: string;
                                }[];
                                /** @description Ext (issue 46): who drew the book, as credited (names joined by " & "); null: none */
                                artist: string | null;
                                author: string | null;
                                /** @enum {unknown} */
                                book_type: "comic" | "novel";
                                /** Format: uuid */
                                book_uuid: string;
                                chapter_count: number;
                                content_descriptors: ("violence" | "gore" | "sexual_content" | "nudity" | "language" | "drugs" | "horror" | "self_harm")[];
                                /** @description Ext (issue 61): the content rating, from the mildest: all_ages, teen, mature, adult */
                                content_rating: "all_ages" | "teen" | "mature" | "adult";
                                cover_image: string | null;
                                /** Format: date-time */
                                created_at: string;
                                import_pending: boolean;
                                introductions: {
                                    [key: string]: string;
                                };
                                is_published: boolean;
                                /** @enum {unknown} */
                                original_language: "zh-cn" | "en-us" | "fr-fr" | "es-es" | "ar-sa";
                                public_free_chapters: number;
                                publishing: {
                                    /** @description ISO weekdays the book publishes on; empty: no regular days */
                                    days: number[];
                                    /** @description HH:MM in time_zone; null: no set time */
                                    time: string | null;
                                    /** @description IANA time zone of time (default UTC) */
                                    time_zone: string;
                                };
                                /** @description Ext (issue 46): kept out of every ranking (the other books keep their computed order) */
                                ranking_excluded: boolean;
                                /** @description Ext (issue 45): the book's reading direction and default mode, as the operator set them */
                                reading: {
                                    /** @description ltr: pages turn left to right; rtl: right to left (manga) */
                                    direction: "ltr" | "rtl";
                                    /** @description strip: one long vertical strip; single: one page at a time; double: two pages side by side */
                                    mode: "strip" | "single" | "double";
                                };
                                recommendation_rank: number | null;
                                /** @enum {unknown} */
                                status: "ongoing" | "completed";
                                tags: string[];
                                /** @description Ext: the title to show, in `language` of the query with the fallback */
                                title: string;
                                /** @description Ext: the language of `title` */
                                title_language: string;
                                titles: {
                                    [key: string]: string;
                                };
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/books/{bookUuid}/chapters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every chapter of a book, published or not, by number */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    page_size?: number;
                };
                header?: never;
                path: {
                    bookUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                items: {
                                    /** Format: uuid */
                                    chapter_uuid: string;
                                    /** @description The chapter's own price in coins; null: the book's */
                                    coin_price: number | null;
                                    /** Format: date-time */
                                    created_at: string;
                                    is_published: boolean;
                                    number: number;
                                    /** @description Pages in the original language (comics) */
                                    page_count: number;
                                    /**
                                     * Format: date-time
                                     * @description A scheduled release, while the chapter is unpublished
                                     */
                                    publish_at: string | null;
                                    titles: {
                                        [key: string]: string;
                                    };
                                    /** @description Words in the original language (novels) */
                                    word_count: number | null;
                                }[];
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/books/{bookUuid}/chapters/order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Renumber the chapters 1..n in the given order (all chapters of the book) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    bookUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        chapter_uuids: string[];
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                renumbered: number;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/books/{bookUuid}/cover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace the cover: the raw image as the body (image/jpeg, png, webp or avif, at most 20 MB) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    bookUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Ext: other names of the book, in order */
                                alternate_titles: {
                                    language: string | null;
                                    title: string;
                                }[];
                                /** @description Ext (issue 46): who drew the book, as credited (names joined by " & "); null: none */
                                artist: string | null;
                                author: string | null;
                                /** @enum {unknown} */
                                book_type: "comic" | "novel";
                                /** Format: uuid */
                                book_uuid: string;
                                chapter_count: number;
                                content_descriptors: ("violence" | "gore" | "sexual_content" | "nudity" | "language" | "drugs" | "horror" | "self_harm")[];
                                /** @description Ext (issue 61): the content rating, from the mildest: all_ages, teen, mature, adult */
                                content_rating: "all_ages" | "teen" | "mature" | "adult";
                                cover_image: string | null;
                                /** Format: date-time */
                                created_at: string;
                                import_pending: boolean;
                                introductions: {
                                    [key: string]: string;
                                };
                                is_published: boolean;
                                /** @enum {unknown} */
                                original_language: "zh-cn" | "en-us" | "fr-fr" | "es-es" | "ar-sa";
                                public_free_chapters: number;
                                publishing: {
                                    /** @description ISO weekdays the book publishes on; empty: no regular days */
                                    days: number[];
                                    /** @description HH:MM in time_zone; null: no set time */
                                    time: string | null;
                                    /** @description IANA time zone of time (default UTC) */
                                    time_zone: string;
                                };
                                /** @description Ext (issue 46): kept out of every ranking (the other books keep their computed order) */
                                ranking_excluded: boolean;
                                /** @description Ext (issue 45): the book's reading direction and default mode, as the operator set them */
                                reading: {
                                    /** @description ltr: pages turn left to right; rtl: right to left (manga) */
                                    direction: "ltr" | "rtl";
                                    /** @description strip: one long vertical strip; single: one page at a time; double: two pages side by side */
                                    mode: "strip" | "single" | "double";
                                };
                                recommendation_rank: number | null;
                                /** @enum {unknown} */
                                status: "ongoing" | "completed";
                                tags: string[];
                                /** @description Ext: the title to show, in `language` of the query with the fallback */
                                title: string;
                                /** @description Ext: the language of `title` */
                                title_language: string;
                                titles: {
                                    [key: string]: string;
                                };
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/books/{bookUuid}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Publish a book */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    bookUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Ext: other names of the book, in order */
                                alternate_titles: {
                                    language: string | null;
                                    title: string;
                                }[];
                                /** @description Ext (issue 46): who drew the book, as credited (names joined by " & "); null: none */
                                artist: string | null;
                                author: string | null;
                                /** @enum {unknown} */
                                book_type: "comic" | "novel";
                                /** Format: uuid */
                                book_uuid: string;
                                chapter_count: number;
                                content_descriptors: ("violence" | "gore" | "sexual_content" | "nudity" | "language" | "drugs" | "horror" | "self_harm")[];
                                /** @description Ext (issue 61): the content rating, from the mildest: all_ages, teen, mature, adult */
                                content_rating: "all_ages" | "teen" | "mature" | "adult";
                                cover_image: string | null;
                                /** Format: date-time */
                                created_at: string;
                                import_pending: boolean;
                                introductions: {
                                    [key: string]: string;
                                };
                                is_published: boolean;
                                /** @enum {unknown} */
                                original_language: "zh-cn" | "en-us" | "fr-fr" | "es-es" | "ar-sa";
                                public_free_chapters: number;
                                publishing: {
                                    /** @description ISO weekdays the book publishes on; empty: no regular days */
                                    days: number[];
                                    /** @description HH:MM in time_zone; null: no set time */
                                    time: string | null;
                                    /** @description IANA time zone of time (default UTC) */
                                    time_zone: string;
                                };
                                /** @description Ext (issue 46): kept out of every ranking (the other books keep their computed order) */
                                ranking_excluded: boolean;
                                /** @description Ext (issue 45): the book's reading direction and default mode, as the operator set them */
                                reading: {
                                    /** @description ltr: pages turn left to right; rtl: right to left (manga) */
                                    direction: "ltr" | "rtl";
                                    /** @description strip: one long vertical strip; single: one page at a time; double: two pages side by side */
                                    mode: "strip" | "single" | "double";
                                };
                                recommendation_rank: number | null;
                                /** @enum {unknown} */
                                status: "ongoing" | "completed";
                                tags: string[];
                                /** @description Ext: the title to show, in `language` of the query with the fallback */
                                title: string;
                                /** @description Ext: the language of `title` */
                                title_language: string;
                                titles: {
                                    [key: string]: string;
                                };
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/books/{bookUuid}/reading": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Ext (issue 45): the book's reading direction (ltr, rtl) and default mode (strip, single, double); only the given fields */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    bookUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description ltr: pages turn left to right; rtl: right to left (manga) */
                        direction?: "ltr" | "rtl";
                        /** @description strip: one long vertical strip; single: one page at a time; double: two pages side by side */
                        mode?: "strip" | "single" | "double";
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Ext: other names of the book, in order */
                                alternate_titles: {
                                    language: string | null;
                                    title: string;
                                }[];
                                /** @description Ext (issue 46): who drew the book, as credited (names joined by " & "); null: none */
                                artist: string | null;
                                author: string | null;
                                /** @enum {unknown} */
                                book_type: "comic" | "novel";
                                /** Format: uuid */
                                book_uuid: string;
                                chapter_count: number;
                                content_descriptors: ("violence" | "gore" | "sexual_content" | "nudity" | "language" | "drugs" | "horror" | "self_harm")[];
                                /** @description Ext (issue 61): the content rating, from the mildest: all_ages, teen, mature, adult */
                                content_rating: "all_ages" | "teen" | "mature" | "adult";
                                cover_image: string | null;
                                /** Format: date-time */
                                created_at: string;
                                import_pending: boolean;
                                introductions: {
                                    [key: string]: string;
                                };
                                is_published: boolean;
                                /** @enum {unknown} */
                                original_language: "zh-cn" | "en-us" | "fr-fr" | "es-es" | "ar-sa";
                                public_free_chapters: number;
                                publishing: {
                                    /** @description ISO weekdays the book publishes on; empty: no regular days */
                                    days: number[];
                                    /** @description HH:MM in time_zone; null: no set time */
                                    time: string | null;
                                    /** @description IANA time zone of time (default UTC) */
                                    time_zone: string;
                                };
                                /** @description Ext (issue 46): kept out of every ranking (the other books keep their computed order) */
                                ranking_excluded: boolean;
                                /** @description Ext (issue 45): the book's reading direction and default mode, as the operator set them */
                                reading: {
                                    /** @description ltr: pages turn left to right; rtl: right to left (manga) */
                                    direction: "ltr" | "rtl";
                                    /** @description strip: one long vertical strip; single: one page at a time; double: two pages side by side */
                                    mode: "strip" | "single" | "double";
                                };
                                recommendation_rank: number | null;
                                /** @enum {unknown} */
                                status: "ongoing" | "completed";
                                tags: string[];
                                /** @description Ext: the title to show, in `language` of the query with the fallback */
                                title: string;
                                /** @description Ext: the language of `title` */
                                title_language: string;
                                titles: {
                                    [key: string]: string;
                                };
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/admin/books/{bookUuid}/unlocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How a book's locked chapters are sold: membership only (coin_price null) or membership or coins */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    bookUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Coins per chapter; null: membership only (no coins for this book) */
                                coin_price: number | null;
                                /** @description Each paid chapter published starts in early access; at most this many at once (0: none) */
                                early_access_count: number;
                                /** @description How long a chapter stays in early access after it comes out */
                                early_access_hours: number;
                                /** @description Members read early-access chapters too (else only coin unlocks) */
                                early_access_members: boolean;
                                /** @description Issue 59: how many days a rental lasts */
                                rental_days: number | null;
                                /** @description Issue 59: coins to rent a chapter; null: no rentals */
                                rental_price: number | null;
                                /** @description One free unlock every this many hours; null: none */
                                wait_free_hours: number | null;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a book's price per chapter (null: membership only) and wait-for-free hours */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    bookUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        coin_price?: number | null;
                        early_access_count?: number;
                        early_access_hours?: number;
                        early_access_members?: boolean;
                        rental_days?: number | null;
                        rental_price?: number | null;
                        wait_free_hours?: number | null;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Coins per chapter; null: membership only (no coins for this book) */
                                coin_price: number | null;
                                /** @description Each paid chapter published starts in early access; at most this many at once (0: none) */
                                early_access_count: number;
                                /** @description How long a chapter stays in early access after it comes out */
                                early_access_hours: number;
                                /** @description Members read early-access chapters too (else only coin unlocks) */
                                early_access_members: boolean;
                                /** @description Issue 59: how many days a rental lasts */
                                rental_days: number | null;
                                /** @description Issue 59: coins to rent a chapter; null: no rentals */
                                rental_price: number | null;
                                /** @description One free unlock every this many hours; null: none */
                                wait_free_hours: number | null;
                            };
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/admin/books/{bookUuid}/unpublish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Take a book off the site */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    bookUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Ext: other names of the book, in order */
                                alternate_titles: {
                                    language: string | null;
                                    title: string;
                                }[];
                                /** @description Ext (issue 46): who drew the book, as credited (names joined by " & "); null: none */
                                artist: string | null;
                                author: string | null;
                                /** @enum {unknown} */
                                book_type: "comic" | "novel";
                                /** Format: uuid */
                                book_uuid: string;
                                chapter_count: number;
                                content_descriptors: ("violence" | "gore" | "sexual_content" | "nudity" | "language" | "drugs" | "horror" | "self_harm")[];
                                /** @description Ext (issue 61): the content rating, from the mildest: all_ages, teen, mature, adult */
                                content_rating: "all_ages" | "teen" | "mature" | "adult";
                                cover_image: string | null;
                                /** Format: date-time */
                                created_at: string;
                                import_pending: boolean;
                                introductions: {
                                    [key: string]: string;
                                };
                                is_published: boolean;
                                /** @enum {unknown} */
                                original_language: "zh-cn" | "en-us" | "fr-fr" | "es-es" | "ar-sa";
                                public_free_chapters: number;
                                publishing: {
                                    /** @description ISO weekdays the book publishes on; empty: no regular days */
                                    days: number[];
                                    /** @description HH:MM in time_zone; null: no set time */
                                    time: string | null;
                                    /** @description IANA time zone of time (default UTC) */
                                    time_zone: string;
                                };
                                /** @description Ext (issue 46): kept out of every ranking (the other books keep their computed order) */
                                ranking_excluded: boolean;
                                /** @description Ext (issue 45): the book's reading direction and default mode, as the operator set them */
                                reading: {
                                    /** @description ltr: pages turn left to right; rtl: right to left (manga) */
                                    direction: "ltr" | "rtl";
                                    /** @description strip: one long vertical strip; single: one page at a time; double: two pages side by side */
                                    mode: "strip" | "single" | "double";
                                };
                                recommendation_rank: number | null;
                                /** @enum {unknown} */
                                status: "ongoing" | "completed";
                                tags: string[];
                                /** @description Ext: the title to show, in `language` of the query with the fallback */
                                title: string;
                                /** @description Ext: the language of `title` */
                                title_language: string;
                                titles: {
                                    [key: string]: string;
                                };
                                /** Format: date-time */
                                updated_at: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/chapters/{chapterUuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set a chapter's titles per language */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    chapterUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        titles: {
                            "ar-sa"?: string;
                            "en-us"?: string;
                            "es-es"?: string;
                            "fr-fr"?: string;
                            "zh-cn"?: string;
                        };
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                chapter_uuid: string;
                                /** @description The chapter's own price in coins; null: the book's */
                                coin_price: number | null;
                                /** Format: date-time */
                                created_at: string;
                                is_published: boolean;
                                number: number;
                                /** @description Pages in the original language (comics) */
                                page_count: number;
                                /**
                                 * Format: date-time
                                 * @description A scheduled release, while the chapter is unpublished
                                 */
                                publish_at: string | null;
                                titles: {
                                    [key: string]: string;
                                };
                                /** @description Words in the original language (novels) */
                                word_count: number | null;
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/chapters/{chapterUuid}/price": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** A chapter's own price in coins (null: the book's) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    chapterUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        coin_price: number | null;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                coin_price: number | null;
                            };
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/admin/chapters/{chapterUuid}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Publish a chapter now (cancels a schedule) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    chapterUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                chapter_uuid: string;
                                /** @description The chapter's own price in coins; null: the book's */
                                coin_price: number | null;
                                /** Format: date-time */
                                created_at: string;
                                is_published: boolean;
                                number: number;
                                /** @description Pages in the original language (comics) */
                                page_count: number;
                                /**
                                 * Format: date-time
                                 * @description A scheduled release, while the chapter is unpublished
                                 */
                                publish_at: string | null;
                                titles: {
                                    [key: string]: string;
                                };
                                /** @description Words in the original language (novels) */
                                word_count: number | null;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/chapters/{chapterUuid}/schedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Schedule a release (publish_at in the future) or cancel it (null) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    chapterUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description When the chapter publishes itself; null cancels the schedule
                         */
                        publish_at: string | null;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                chapter_uuid: string;
                                /** @description The chapter's own price in coins; null: the book's */
                                coin_price: number | null;
                                /** Format: date-time */
                                created_at: string;
                                is_published: boolean;
                                number: number;
                                /** @description Pages in the original language (comics) */
                                page_count: number;
                                /**
                                 * Format: date-time
                                 * @description A scheduled release, while the chapter is unpublished
                                 */
                                publish_at: string | null;
                                titles: {
                                    [key: string]: string;
                                };
                                /** @description Words in the original language (novels) */
                                word_count: number | null;
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/chapters/{chapterUuid}/unpublish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Unpublish a chapter (cancels a schedule) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    chapterUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                chapter_uuid: string;
                                /** @description The chapter's own price in coins; null: the book's */
                                coin_price: number | null;
                                /** Format: date-time */
                                created_at: string;
                                is_published: boolean;
                                number: number;
                                /** @description Pages in the original language (comics) */
                                page_count: number;
                                /**
                                 * Format: date-time
                                 * @description A scheduled release, while the chapter is unpublished
                                 */
                                publish_at: string | null;
                                titles: {
                                    [key: string]: string;
                                };
                                /** @description Words in the original language (novels) */
                                word_count: number | null;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/coin-packs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every coin pack, on sale or withdrawn, with its paid orders */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                items: {
                                    bonus_coins: number;
                                    bonus_expiry_days: number | null;
                                    coins: number;
                                    id: number;
                                    is_active: boolean;
                                    price_fen: number;
                                    /** @description Paid orders of this pack */
                                    sold: number;
                                    sort_order: number;
                                    stripe_buy_button: string | null;
                                    stripe_payment_link: string | null;
                                }[];
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create a coin pack (409 PAYMENT_LINK_TAKEN when another pack has its payment link) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        bonus_coins?: number;
                        bonus_expiry_days?: number | null;
                        coins: number;
                        is_active?: boolean;
                        price_fen: number;
                        sort_order?: number;
                        stripe_buy_button?: string | null;
                        stripe_payment_link?: string | null;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                bonus_coins: number;
                                bonus_expiry_days: number | null;
                                coins: number;
                                id: number;
                                is_active: boolean;
                                price_fen: number;
                                /** @description Paid orders of this pack */
                                sold: number;
                                sort_order: number;
                                stripe_buy_button: string | null;
                                stripe_payment_link: string | null;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/coin-packs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a coin pack (only the given fields); is_active false withdraws it (packs are never deleted) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        bonus_coins?: number;
                        bonus_expiry_days?: number | null;
                        coins?: number;
                        is_active?: boolean;
                        price_fen?: number;
                        sort_order?: number;
                        stripe_buy_button?: string | null;
                        stripe_payment_link?: string | null;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                bonus_coins: number;
                                bonus_expiry_days: number | null;
                                coins: number;
                                id: number;
                                is_active: boolean;
                                price_fen: number;
                                /** @description Paid orders of this pack */
                                sold: number;
                                sort_order: number;
                                stripe_buy_button: string | null;
                                stripe_payment_link: string | null;
                            };
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/admin/comments/{comment_uuid}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete a comment (its text is emptied); resolves its reports 'deleted' */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    comment_uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description False when the comment was already so (another moderator was first): nothing written */
                                changed: boolean;
                                comment: {
                                    author: {
                                        /** @description The author is banned from commenting now */
                                        banned: boolean;
                                        username: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                    /** @description Plain text; empty once deleted */
                                    body: string;
                                    book: {
                                        title: string;
                                        title_language: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                    chapter: {
                                        number: number;
                                        title: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                    /** Format: uuid */
                                    comment_uuid: string;
                                    /** Format: date-time */
                                    created_at: string;
                                    /** Format: date-time */
                                    edited_at: string | null;
                                    likes: number;
                                    open_reports: number;
                                    /** Format: uuid */
                                    parent_uuid: string | null;
                                    spoiler: boolean;
                                    /** @enum {unknown} */
                                    state: "visible" | "held" | "hidden" | "deleted";
                                };
                                /** @description Open reports this action resolved */
                                resolved_reports: number;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/comments/{comment_uuid}/dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resolve a comment's open reports as dismissed; the comment is untouched */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    comment_uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description False when the comment was already so (another moderator was first): nothing written */
                                changed: boolean;
                                comment: {
                                    author: {
                                        /** @description The author is banned from commenting now */
                                        banned: boolean;
                                        username: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                    /** @description Plain text; empty once deleted */
                                    body: string;
                                    book: {
                                        title: string;
                                        title_language: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                    chapter: {
                                        number: number;
                                        title: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                    /** Format: uuid */
                                    comment_uuid: string;
                                    /** Format: date-time */
                                    created_at: string;
                                    /** Format: date-time */
                                    edited_at: string | null;
                                    likes: number;
                                    open_reports: number;
                                    /** Format: uuid */
                                    parent_uuid: string | null;
                                    spoiler: boolean;
                                    /** @enum {unknown} */
                                    state: "visible" | "held" | "hidden" | "deleted";
                                };
                                /** @description Open reports this action resolved */
                                resolved_reports: number;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/comments/{comment_uuid}/hide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hide a comment from readers (its author still sees it); resolves its reports 'hidden' */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    comment_uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description False when the comment was already so (another moderator was first): nothing written */
                                changed: boolean;
                                comment: {
                                    author: {
                                        /** @description The author is banned from commenting now */
                                        banned: boolean;
                                        username: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                    /** @description Plain text; empty once deleted */
                                    body: string;
                                    book: {
                                        title: string;
                                        title_language: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                    chapter: {
                                        number: number;
                                        title: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                    /** Format: uuid */
                                    comment_uuid: string;
                                    /** Format: date-time */
                                    created_at: string;
                                    /** Format: date-time */
                                    edited_at: string | null;
                                    likes: number;
                                    open_reports: number;
                                    /** Format: uuid */
                                    parent_uuid: string | null;
                                    spoiler: boolean;
                                    /** @enum {unknown} */
                                    state: "visible" | "held" | "hidden" | "deleted";
                                };
                                /** @description Open reports this action resolved */
                                resolved_reports: number;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/comments/{comment_uuid}/show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Show a hidden comment again, or approve a held one; resolves its open reports as dismissed */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    comment_uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description False when the comment was already so (another moderator was first): nothing written */
                                changed: boolean;
                                comment: {
                                    author: {
                                        /** @description The author is banned from commenting now */
                                        banned: boolean;
                                        username: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                    /** @description Plain text; empty once deleted */
                                    body: string;
                                    book: {
                                        title: string;
                                        title_language: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                    chapter: {
                                        number: number;
                                        title: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                    /** Format: uuid */
                                    comment_uuid: string;
                                    /** Format: date-time */
                                    created_at: string;
                                    /** Format: date-time */
                                    edited_at: string | null;
                                    likes: number;
                                    open_reports: number;
                                    /** Format: uuid */
                                    parent_uuid: string | null;
                                    spoiler: boolean;
                                    /** @enum {unknown} */
                                    state: "visible" | "held" | "hidden" | "deleted";
                                };
                                /** @description Open reports this action resolved */
                                resolved_reports: number;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/comments/bans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readers banned from commenting now, newest ban first */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    page_size?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                items: {
                                    /** Format: date-time */
                                    created_at: string;
                                    /** @description The moderator's user name */
                                    created_by: string | null;
                                    reason: string;
                                    /**
                                     * Format: date-time
                                     * @description Null: for good
                                     */
                                    until: string | null;
                                    user: {
                                        username: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                }[];
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/comments/bans/{user_uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Ban a reader from commenting and rating until an instant, or for good (until: null) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    user_uuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Also hide the reader's visible comments of the last 7 days (their open reports resolved 'hidden') */
                        hide_recent_comments?: boolean;
                        /** @description Why: kept in the audit log */
                        reason: string;
                        /**
                         * Format: date-time
                         * @description The ban ends at this instant (in the future); null: for good
                         */
                        until: string | null;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                ban: {
                                    /** Format: date-time */
                                    created_at: string;
                                    /** @description The moderator's user name */
                                    created_by: string | null;
                                    reason: string;
                                    /**
                                     * Format: date-time
                                     * @description Null: for good
                                     */
                                    until: string | null;
                                    user: {
                                        username: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                };
                                hidden_comments: number;
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        /** Lift a reader's ban */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    user_uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description False: there was no active ban */
                                lifted: boolean;
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/comments/books/{book_uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether a book's comments are closed */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    book_uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                book_uuid: string;
                                closed: boolean;
                            };
                        };
                    };
                };
            };
        };
        /** Close or open a book's comments */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    book_uuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description true: no new comments on the book */
                        closed: boolean;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                book_uuid: string;
                                closed: boolean;
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/comments/held": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Comments the word filter held, oldest first */
        get: {
            parameters: {
                query?: {
                    /** @description Show book titles in this language (ext) */
                    language?: "zh-cn" | "en-us" | "fr-fr" | "es-es" | "ar-sa";
                    page?: number;
                    page_size?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                items: {
                                    comment: {
                                        author: {
                                            /** @description The author is banned from commenting now */
                                            banned: boolean;
                                            username: string;
                                            /** Format: uuid */
                                            uuid: string;
                                        };
                                        /** @description Plain text; empty once deleted */
                                        body: string;
                                        book: {
                                            title: string;
                                            title_language: string;
                                            /** Format: uuid */
                                            uuid: string;
                                        };
                                        chapter: {
                                            number: number;
                                            title: string;
                                            /** Format: uuid */
                                            uuid: string;
                                        };
                                        /** Format: uuid */
                                        comment_uuid: string;
                                        /** Format: date-time */
                                        created_at: string;
                                        /** Format: date-time */
                                        edited_at: string | null;
                                        likes: number;
                                        open_reports: number;
                                        /** Format: uuid */
                                        parent_uuid: string | null;
                                        spoiler: boolean;
                                        /** @enum {unknown} */
                                        state: "visible" | "held" | "hidden" | "deleted";
                                    };
                                    /** @description The word-filter entries the text matches today */
                                    matched: string[];
                                }[];
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/comments/readers/{user_uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A reader's ban and latest comments (the console's reader page) */
        get: {
            parameters: {
                query?: {
                    /** @description Show book titles in this language (ext) */
                    language?: "zh-cn" | "en-us" | "fr-fr" | "es-es" | "ar-sa";
                };
                header?: never;
                path: {
                    user_uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                ban: {
                                    /** Format: date-time */
                                    created_at: string;
                                    /** @description The moderator's user name */
                                    created_by: string | null;
                                    reason: string;
                                    /**
                                     * Format: date-time
                                     * @description Null: for good
                                     */
                                    until: string | null;
                                    user: {
                                        username: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                } | null;
                                /** @description The 20 newest, any state */
                                comments: {
                                    author: {
                                        /** @description The author is banned from commenting now */
                                        banned: boolean;
                                        username: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                    /** @description Plain text; empty once deleted */
                                    body: string;
                                    book: {
                                        title: string;
                                        title_language: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                    chapter: {
                                        number: number;
                                        title: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                    /** Format: uuid */
                                    comment_uuid: string;
                                    /** Format: date-time */
                                    created_at: string;
                                    /** Format: date-time */
                                    edited_at: string | null;
                                    likes: number;
                                    open_reports: number;
                                    /** Format: uuid */
                                    parent_uuid: string | null;
                                    spoiler: boolean;
                                    /** @enum {unknown} */
                                    state: "visible" | "held" | "hidden" | "deleted";
                                }[];
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/comments/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Reported comments, most reported first, then oldest */
        get: {
            parameters: {
                query?: {
                    /** @description Show book titles in this language (ext) */
                    language?: "zh-cn" | "en-us" | "fr-fr" | "es-es" | "ar-sa";
                    page?: number;
                    page_size?: number;
                    /** @description Only comments in this state */
                    state?: "visible" | "held" | "hidden";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                items: {
                                    comment: {
                                        author: {
                                            /** @description The author is banned from commenting now */
                                            banned: boolean;
                                            username: string;
                                            /** Format: uuid */
                                            uuid: string;
                                        };
                                        /** @description Plain text; empty once deleted */
                                        body: string;
                                        book: {
                                            title: string;
                                            title_language: string;
                                            /** Format: uuid */
                                            uuid: string;
                                        };
                                        chapter: {
                                            number: number;
                                            title: string;
                                            /** Format: uuid */
                                            uuid: string;
                                        };
                                        /** Format: uuid */
                                        comment_uuid: string;
                                        /** Format: date-time */
                                        created_at: string;
                                        /** Format: date-time */
                                        edited_at: string | null;
                                        likes: number;
                                        open_reports: number;
                                        /** Format: uuid */
                                        parent_uuid: string | null;
                                        spoiler: boolean;
                                        /** @enum {unknown} */
                                        state: "visible" | "held" | "hidden" | "deleted";
                                    };
                                    latest_report: {
                                        /** Format: date-time */
                                        created_at: string;
                                        detail: string | null;
                                        /** @enum {unknown} */
                                        reason: "spam" | "harassment" | "spoiler" | "off_topic" | "other";
                                        reporter: {
                                            username: string;
                                            /** Format: uuid */
                                            uuid: string;
                                        };
                                    };
                                    /** @description Open reports by reason, most frequent first */
                                    reasons: {
                                        count: number;
                                        /** @enum {unknown} */
                                        reason: "spam" | "harassment" | "spoiler" | "off_topic" | "other";
                                    }[];
                                    /** @description Open (unresolved) reports */
                                    report_count: number;
                                }[];
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/comments/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Book reviews, most recently written first */
        get: {
            parameters: {
                query?: {
                    book_uuid?: string;
                    /** @description Show book titles in this language (ext) */
                    language?: "zh-cn" | "en-us" | "fr-fr" | "es-es" | "ar-sa";
                    page?: number;
                    page_size?: number;
                    state?: "visible" | "held" | "hidden";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                items: {
                                    book: {
                                        title: string;
                                        title_language: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                    review: string;
                                    /** @enum {unknown} */
                                    review_state: "visible" | "held" | "hidden";
                                    score: number;
                                    /** Format: date-time */
                                    updated_at: string;
                                    user: {
                                        username: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                }[];
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/comments/reviews/{book_uuid}/{user_uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Hide a reader's review of a book, or show it again */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    book_uuid: string;
                    user_uuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        state: "visible" | "hidden";
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                changed: boolean;
                                /** @enum {unknown} */
                                review_state: "visible" | "held" | "hidden";
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/comments/word-filters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The word filter */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                items: {
                                    /**
                                     * @description mask: asterisks over the match; hold: the comment waits for a moderator
                                     * @enum {unknown}
                                     */
                                    action: "mask" | "hold";
                                    /** Format: date-time */
                                    created_at: string;
                                    id: number;
                                    /** @description Stored folded: lower case, accents and width removed, spaces collapsed */
                                    pattern: string;
                                }[];
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        /** Add a word or phrase to the word filter (409 when its folded form is there already) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description mask: asterisks over the match; hold: the comment waits for a moderator
                         * @enum {unknown}
                         */
                        action: "mask" | "hold";
                        /** @description 1–64 characters once cleaned */
                        pattern: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /**
                                 * @description mask: asterisks over the match; hold: the comment waits for a moderator
                                 * @enum {unknown}
                                 */
                                action: "mask" | "hold";
                                /** Format: date-time */
                                created_at: string;
                                id: number;
                                /** @description Stored folded: lower case, accents and width removed, spaces collapsed */
                                pattern: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/comments/word-filters/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a word filter entry */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @enum {boolean} */
                                deleted: true;
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/comments/word-filters/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What a sample text becomes under the word filter (nothing stored) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        text: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                held: boolean;
                                matched: string[];
                                text: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/coupons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Coupons with their redemption counts and state */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    page_size?: number;
                    state?: "active" | "disabled" | "expired" | "exhausted";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                items: {
                                    code: string;
                                    /** Format: date-time */
                                    created_at: string;
                                    days: number | null;
                                    /** Format: date-time */
                                    disabled_at: string | null;
                                    /** Format: date-time */
                                    expires_at: string | null;
                                    max_redemptions: number | null;
                                    months: number | null;
                                    note: string | null;
                                    redemption_count: number;
                                    state: "active" | "disabled" | "expired" | "exhausted";
                                }[];
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create a coupon that adds membership days or months */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description 3–64 letters, digits, "-" or "_" (stored upper-case) */
                        code: string;
                        days?: number;
                        /**
                         * Format: date-time
                         * @description Redeemable until this instant
                         */
                        expires_at?: string;
                        max_redemptions?: number;
                        months?: number;
                        note?: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                code: string;
                                /** Format: date-time */
                                created_at: string;
                                days: number | null;
                                /** Format: date-time */
                                disabled_at: string | null;
                                /** Format: date-time */
                                expires_at: string | null;
                                max_redemptions: number | null;
                                months: number | null;
                                note: string | null;
                                redemption_count: number;
                                state: "active" | "disabled" | "expired" | "exhausted";
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/coupons/{code}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop a coupon from being redeemed */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    code: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                code: string;
                                /** Format: date-time */
                                created_at: string;
                                days: number | null;
                                /** Format: date-time */
                                disabled_at: string | null;
                                /** Format: date-time */
                                expires_at: string | null;
                                max_redemptions: number | null;
                                months: number | null;
                                note: string | null;
                                redemption_count: number;
                                state: "active" | "disabled" | "expired" | "exhausted";
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/deletions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Account deletions: pending (default) or erased, newest request first */
        get: {
            parameters: {
                query?: {
                    /** @description Ext: continue after the row this opaque cursor names (a previous answer's `next_cursor`, same filters); excludes page > 0 */
                    cursor?: string;
                    state?: "pending" | "erased";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                items: {
                                    /** @description remove: the reader's comments are deleted at erasure; keep: they stay, shown as a deleted reader's */
                                    comments: "remove" | "keep";
                                    erase_at: number;
                                    erased_at: number | null;
                                    /** @description The user name; the pseudonym once erased */
                                    name: string;
                                    reason: string | null;
                                    requested_at: number;
                                    requested_by: "reader" | "operator";
                                    /** Format: uuid */
                                    user_uuid: string;
                                }[];
                                next_cursor: string | null;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recent upload jobs, newest first (optionally of one book) */
        get: {
            parameters: {
                query?: {
                    /** @description Only the uploads to this book */
                    book_uuid?: string;
                    page?: number;
                    page_size?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                items: {
                                    book_uuid: string | null;
                                    /** Format: date-time */
                                    created_at: string;
                                    /** @description Why the whole upload was refused (a readable sentence) */
                                    error: string | null;
                                    /** @description The uploaded file names (at most 20 listed) */
                                    files: string[];
                                    /** Format: date-time */
                                    finished_at: string | null;
                                    job_uuid: string;
                                    progress: {
                                        chapters_done: number;
                                        chapters_total: number;
                                        pages_done: number;
                                        pages_total: number;
                                        percent: number;
                                        phase: "checking" | "pages" | "finishing" | "done";
                                    } | null;
                                    release: {
                                        /** @description now: published at once; draft: unpublished; at: unpublished until publish_at */
                                        mode: "now" | "draft" | "at";
                                        /**
                                         * Format: date-time
                                         * @description The scheduled release (mode `at` only)
                                         */
                                        publish_at: string | null;
                                    };
                                    result: {
                                        added: number;
                                        book_title: string;
                                        book_uuid: string | null;
                                        chapters: {
                                            number: number;
                                            /** @description Page images in the source (for novels: illustrations) */
                                            pages: number;
                                            /** @description Why the chapter failed */
                                            reason: string | null;
                                            /** @description A skipped chapter: the number asked for (first_number), when the content already is chapter `number` */
                                            requested_number?: number;
                                            status: "added" | "skipped" | "failed" | "planned";
                                            title: string;
                                            uuid: string | null;
                                            words: number | null;
                                        }[];
                                        failed: number;
                                        language: string;
                                        /** @description The summary as `npm run admin -- import` prints it */
                                        lines: string[];
                                        pages_done: number;
                                        /** @description Ext (issue 45): the reading settings the import gave the book it created; null when it added to a book */
                                        reading?: {
                                            direction: "ltr" | "rtl";
                                            mode: "strip" | "single" | "double";
                                            /** @description Why, in words (the ComicInfo Manga field, the shape of the pages) */
                                            reasons: string[];
                                        } | null;
                                        skipped: number;
                                        source_name: string;
                                        warnings: string[];
                                    } | null;
                                    state: "queued" | "running" | "succeeded" | "failed" | "cancelled";
                                }[];
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Upload chapters (multipart: book_uuid, language?, first_number?, chapter_title?, release?, publish_at?, then one .cbz/.zip/.epub or images)
         * @description Fields first, then the files: one archive, or image files that make one chapter in the order of their names. The files are staged on this node and imported by a job; poll GET /admin/imports/{jobUuid}. release (ext): `now` (default) publishes the new chapters when imported, `draft` keeps them unpublished, `at` schedules them for publish_at (ISO 8601 with offset; 400 RELEASE_TIME_PAST if it has passed). 413 UPLOAD_TOO_LARGE past ADMIN_UPLOAD_MAX_FILE_MB / ADMIN_UPLOAD_MAX_JOB_MB; nothing is kept of a refused upload.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    job_uuid: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/imports/{jobUuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One upload job: state, progress, the import summary or the reason it failed */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                book_uuid: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** @description Why the whole upload was refused (a readable sentence) */
                                error: string | null;
                                /** @description The uploaded file names (at most 20 listed) */
                                files: string[];
                                /** Format: date-time */
                                finished_at: string | null;
                                job_uuid: string;
                                progress: {
                                    chapters_done: number;
                                    chapters_total: number;
                                    pages_done: number;
                                    pages_total: number;
                                    percent: number;
                                    phase: "checking" | "pages" | "finishing" | "done";
                                } | null;
                                release: {
                                    /** @description now: published at once; draft: unpublished; at: unpublished until publish_at */
                                    mode: "now" | "draft" | "at";
                                    /**
                                     * Format: date-time
                                     * @description The scheduled release (mode `at` only)
                                     */
                                    publish_at: string | null;
                                };
                                result: {
                                    added: number;
                                    book_title: string;
                                    book_uuid: string | null;
                                    chapters: {
                                        number: number;
                                        /** @description Page images in the source (for novels: illustrations) */
                                        pages: number;
                                        /** @description Why the chapter failed */
                                        reason: string | null;
                                        /** @description A skipped chapter: the number asked for (first_number), when the content already is chapter `number` */
                                        requested_number?: number;
                                        status: "added" | "skipped" | "failed" | "planned";
                                        title: string;
                                        uuid: string | null;
                                        words: number | null;
                                    }[];
                                    failed: number;
                                    language: string;
                                    /** @description The summary as `npm run admin -- import` prints it */
                                    lines: string[];
                                    pages_done: number;
                                    /** @description Ext (issue 45): the reading settings the import gave the book it created; null when it added to a book */
                                    reading?: {
                                        direction: "ltr" | "rtl";
                                        mode: "strip" | "single" | "double";
                                        /** @description Why, in words (the ComicInfo Manga field, the shape of the pages) */
                                        reasons: string[];
                                    } | null;
                                    skipped: number;
                                    source_name: string;
                                    warnings: string[];
                                } | null;
                                state: "queued" | "running" | "succeeded" | "failed" | "cancelled";
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/incidents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Payment incidents: payments the server could not apply by itself */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    page_size?: number;
                    state?: "open" | "resolved" | "all";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                items: {
                                    /** @description A paid Stripe session that resolving can grant to a user */
                                    can_grant: boolean;
                                    /** Format: date-time */
                                    created_at: string;
                                    /** @description What the provider told us (amounts, e-mail, ids) */
                                    detail: unknown;
                                    id: number;
                                    /** @description missing_reference, unknown_user, unknown_plan, partial_refund, amount_mismatch, … */
                                    kind: string;
                                    plan: ("month" | "season" | "coins") | (never | null);
                                    provider: string;
                                    reference: string;
                                    resolution: string | null;
                                    /** Format: date-time */
                                    resolved_at: string | null;
                                }[];
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/incidents/{id}/dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Close an incident without granting anything, with a note */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        note: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description A paid Stripe session that resolving can grant to a user */
                                can_grant: boolean;
                                /** Format: date-time */
                                created_at: string;
                                /** @description What the provider told us (amounts, e-mail, ids) */
                                detail: unknown;
                                id: number;
                                /** @description missing_reference, unknown_user, unknown_plan, partial_refund, amount_mismatch, … */
                                kind: string;
                                plan: ("month" | "season" | "coins") | (never | null);
                                provider: string;
                                reference: string;
                                resolution: string | null;
                                /** Format: date-time */
                                resolved_at: string | null;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/incidents/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Grant a paid Stripe session to a user, as the webhook would have (once) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        plan?: "month" | "season";
                        username: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description A paid Stripe session that resolving can grant to a user */
                                can_grant: boolean;
                                /** Format: date-time */
                                created_at: string;
                                /** @description What the provider told us (amounts, e-mail, ids) */
                                detail: unknown;
                                id: number;
                                /** @description missing_reference, unknown_user, unknown_plan, partial_refund, amount_mismatch, … */
                                kind: string;
                                plan: ("month" | "season" | "coins") | (never | null);
                                provider: string;
                                reference: string;
                                resolution: string | null;
                                /** Format: date-time */
                                resolved_at: string | null;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/legal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext: every legal page in every language, with its current Markdown and its versions (newest first) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                pages: {
                                    current_version: number;
                                    /** @description Newest first; empty while the built-in text is in use */
                                    history: {
                                        /** @description The operator who published it; null once that account is gone */
                                        author: string | null;
                                        /** Format: date-time */
                                        published_at: string;
                                        version: number;
                                    }[];
                                    /** @description privacy or terms */
                                    kind: "privacy" | "terms";
                                    language: string;
                                    markdown: string;
                                    /** Format: date-time */
                                    published_at: string | null;
                                }[];
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/legal/{kind}/{language}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Ext: publish Markdown as the next version of a page (the same text as the current one publishes nothing) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description privacy or terms */
                    kind: "privacy" | "terms";
                    /** @description zh-cn, en-us, fr-fr, es-es or ar-sa (case-insensitive) */
                    language: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        markdown: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                current_version: number;
                                /** @description Newest first; empty while the built-in text is in use */
                                history: {
                                    /** @description The operator who published it; null once that account is gone */
                                    author: string | null;
                                    /** Format: date-time */
                                    published_at: string;
                                    version: number;
                                }[];
                                /** @description privacy or terms */
                                kind: "privacy" | "terms";
                                language: string;
                                markdown: string;
                                /** Format: date-time */
                                published_at: string | null;
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/legal/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ext: the HTML that Markdown would publish as (rendered and sanitised; nothing is stored) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        markdown: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                html: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/lists/{listUuid}/featured": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Issue 61: feature a public list on the home page (staff picks; audited) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    listUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Published books in the list */
                                    book_count: number;
                                    /** Format: date-time */
                                    created_at: string;
                                    description: string;
                                    /** @description A staff pick */
                                    featured: boolean;
                                    follower_count: number;
                                    /** @description Hidden by the moderators (only the owner and the console see it) */
                                    hidden: boolean;
                                    /** @description Only for the owner and the console */
                                    hidden_reason: string | null;
                                    /** Format: uuid */
                                    list_uuid: string;
                                    name: string;
                                    owner_username: string;
                                    /** Format: date-time */
                                    updated_at: string;
                                    /** @description private: the owner only; unlisted: anyone with the link; public: listed on the reader’s lists, followable */
                                    visibility: "private" | "unlisted" | "public";
                                };
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        /** Issue 61: take a list out of the staff picks (audited) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    listUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Published books in the list */
                                    book_count: number;
                                    /** Format: date-time */
                                    created_at: string;
                                    description: string;
                                    /** @description A staff pick */
                                    featured: boolean;
                                    follower_count: number;
                                    /** @description Hidden by the moderators (only the owner and the console see it) */
                                    hidden: boolean;
                                    /** @description Only for the owner and the console */
                                    hidden_reason: string | null;
                                    /** Format: uuid */
                                    list_uuid: string;
                                    name: string;
                                    owner_username: string;
                                    /** Format: date-time */
                                    updated_at: string;
                                    /** @description private: the owner only; unlisted: anyone with the link; public: listed on the reader’s lists, followable */
                                    visibility: "private" | "unlisted" | "public";
                                };
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/lists/{listUuid}/hidden": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Issue 61: hide a list from everyone but its owner (audited) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    listUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Published books in the list */
                                    book_count: number;
                                    /** Format: date-time */
                                    created_at: string;
                                    description: string;
                                    /** @description A staff pick */
                                    featured: boolean;
                                    follower_count: number;
                                    /** @description Hidden by the moderators (only the owner and the console see it) */
                                    hidden: boolean;
                                    /** @description Only for the owner and the console */
                                    hidden_reason: string | null;
                                    /** Format: uuid */
                                    list_uuid: string;
                                    name: string;
                                    owner_username: string;
                                    /** Format: date-time */
                                    updated_at: string;
                                    /** @description private: the owner only; unlisted: anyone with the link; public: listed on the reader’s lists, followable */
                                    visibility: "private" | "unlisted" | "public";
                                };
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        /** Issue 61: show a hidden list again (audited) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    listUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Published books in the list */
                                    book_count: number;
                                    /** Format: date-time */
                                    created_at: string;
                                    description: string;
                                    /** @description A staff pick */
                                    featured: boolean;
                                    follower_count: number;
                                    /** @description Hidden by the moderators (only the owner and the console see it) */
                                    hidden: boolean;
                                    /** @description Only for the owner and the console */
                                    hidden_reason: string | null;
                                    /** Format: uuid */
                                    list_uuid: string;
                                    name: string;
                                    owner_username: string;
                                    /** Format: date-time */
                                    updated_at: string;
                                    /** @description private: the owner only; unlisted: anyone with the link; public: listed on the reader’s lists, followable */
                                    visibility: "private" | "unlisted" | "public";
                                };
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Orders, newest first, filterable by provider, status, creation time and user */
        get: {
            parameters: {
                query?: {
                    /** @description Ext: continue after the row this opaque cursor names (a previous answer's `next_cursor`, same filters); excludes page > 0 */
                    cursor?: string;
                    /** @description Orders created at or after this instant */
                    from?: string;
                    /** @description page × page_size may not pass 10,000: follow next_cursor instead */
                    page?: number;
                    page_size?: number;
                    provider?: "wechat" | "stripe" | "sandbox";
                    status?: "pending" | "paid" | "expired" | "failed" | "refunded";
                    /** @description Orders created before this instant */
                    to?: string;
                    /** @description User name (case-insensitive) or uuid */
                    user?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                items: {
                                    /** @description In the currency's smallest unit */
                                    amount_fen: number;
                                    /** @description A coin pack: its bonus coins as sold; 0 for a membership */
                                    bonus_coins: number;
                                    /** @description A coin pack: its coins as sold; 0 for a membership */
                                    coins: number;
                                    /** Format: date-time */
                                    created_at: string;
                                    currency: string;
                                    months: number;
                                    order_id: string;
                                    /** Format: date-time */
                                    paid_at: string | null;
                                    plan: "month" | "season" | "coins";
                                    provider: "wechat" | "stripe" | "sandbox";
                                    /** Format: date-time */
                                    refunded_at: string | null;
                                    status: "pending" | "paid" | "expired" | "failed" | "refunded";
                                    user: {
                                        username: string;
                                        uuid: string;
                                    };
                                }[];
                                /** @description Ext: the cursor of the next page; null on the last one */
                                next_cursor: string | null;
                                /** @description The rows before this page plus those counted from its start, at most 1,000 of them (exact unless total_is_lower_bound) */
                                total: number;
                                /** @description Ext: true when there are more rows than counted: show "total+" */
                                total_is_lower_bound: boolean;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/orders/{orderId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One order with its provider events and its membership grant */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orderId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description In the currency's smallest unit */
                                amount_fen: number;
                                /** @description A coin pack: its bonus coins as sold; 0 for a membership */
                                bonus_coins: number;
                                coin_refund: {
                                    balance_after: number;
                                    balance_before: number;
                                    chapters: {
                                        /** @description In the book’s original language */
                                        book_title: string | null;
                                        /** Format: uuid */
                                        book_uuid: string;
                                        chapter_number: number;
                                        /** Format: uuid */
                                        chapter_uuid: string;
                                        /** @description What the unlock cost; given back to the lots that paid it before the pack’s coins go */
                                        coins: number;
                                    }[];
                                } | null;
                                /** @description A coin pack: its coins as sold; 0 for a membership */
                                coins: number;
                                /** Format: date-time */
                                created_at: string;
                                currency: string;
                                events: {
                                    event_id: string;
                                    event_type: string | null;
                                    provider: string;
                                    /** Format: date-time */
                                    received_at: string;
                                    summary: string | null;
                                }[];
                                gift?: {
                                    /** Format: date-time */
                                    cancelled_at: string | null;
                                    /** Format: date-time */
                                    redeemed_at: string | null;
                                    redeemed_by: {
                                        username: string;
                                        uuid: string;
                                    } | null;
                                    /** @description unpaid: no code yet; cancelled: the order was refunded (a redeemed gift’s grant is then revoked) */
                                    state: "unpaid" | "unredeemed" | "redeemed" | "cancelled";
                                };
                                grant: {
                                    /** Format: date-time */
                                    ends_at: string;
                                    /** Format: date-time */
                                    revoked_at: string | null;
                                    source: string;
                                    /** Format: date-time */
                                    starts_at: string;
                                } | null;
                                months: number;
                                order_id: string;
                                /** Format: date-time */
                                paid_at: string | null;
                                plan: "month" | "season" | "coins";
                                provider: "wechat" | "stripe" | "sandbox";
                                provider_payment_id: string | null;
                                provider_txn_id: string | null;
                                /** Format: date-time */
                                refunded_at: string | null;
                                status: "pending" | "paid" | "expired" | "failed" | "refunded";
                                user: {
                                    username: string;
                                    uuid: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/orders/{orderId}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refund a paid order in full through its provider and revoke its time (502 REFUND_FAILED when the provider refuses) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orderId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Why: kept in the audit log */
                        reason: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                order: {
                                    /** @description In the currency's smallest unit */
                                    amount_fen: number;
                                    /** @description A coin pack: its bonus coins as sold; 0 for a membership */
                                    bonus_coins: number;
                                    coin_refund: {
                                        balance_after: number;
                                        balance_before: number;
                                        chapters: {
                                            /** @description In the book’s original language */
                                            book_title: string | null;
                                            /** Format: uuid */
                                            book_uuid: string;
                                            chapter_number: number;
                                            /** Format: uuid */
                                            chapter_uuid: string;
                                            /** @description What the unlock cost; given back to the lots that paid it before the pack’s coins go */
                                            coins: number;
                                        }[];
                                    } | null;
                                    /** @description A coin pack: its coins as sold; 0 for a membership */
                                    coins: number;
                                    /** Format: date-time */
                                    created_at: string;
                                    currency: string;
                                    events: {
                                        event_id: string;
                                        event_type: string | null;
                                        provider: string;
                                        /** Format: date-time */
                                        received_at: string;
                                        summary: string | null;
                                    }[];
                                    gift?: {
                                        /** Format: date-time */
                                        cancelled_at: string | null;
                                        /** Format: date-time */
                                        redeemed_at: string | null;
                                        redeemed_by: {
                                            username: string;
                                            uuid: string;
                                        } | null;
                                        /** @description unpaid: no code yet; cancelled: the order was refunded (a redeemed gift’s grant is then revoked) */
                                        state: "unpaid" | "unredeemed" | "redeemed" | "cancelled";
                                    };
                                    grant: {
                                        /** Format: date-time */
                                        ends_at: string;
                                        /** Format: date-time */
                                        revoked_at: string | null;
                                        source: string;
                                        /** Format: date-time */
                                        starts_at: string;
                                    } | null;
                                    months: number;
                                    order_id: string;
                                    /** Format: date-time */
                                    paid_at: string | null;
                                    plan: "month" | "season" | "coins";
                                    provider: "wechat" | "stripe" | "sandbox";
                                    provider_payment_id: string | null;
                                    provider_txn_id: string | null;
                                    /** Format: date-time */
                                    refunded_at: string | null;
                                    status: "pending" | "paid" | "expired" | "failed" | "refunded";
                                    user: {
                                        username: string;
                                        uuid: string;
                                    };
                                };
                                /** @description refunded: the time is revoked now; requested: the provider confirms later (WeChat PROCESSING) */
                                outcome: "refunded" | "requested";
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/orders/{orderId}/refund-preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What refunding the order now would take back: for a paid coin pack, the balance before and after and the chapters locked again */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    orderId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                coin_refund: {
                                    balance_after: number;
                                    balance_before: number;
                                    chapters: {
                                        /** @description In the book’s original language */
                                        book_title: string | null;
                                        /** Format: uuid */
                                        book_uuid: string;
                                        chapter_number: number;
                                        /** Format: uuid */
                                        chapter_uuid: string;
                                        /** @description What the unlock cost; given back to the lots that paid it before the pack’s coins go */
                                        coins: number;
                                    }[];
                                } | null;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** E-mail messages, newest first, by state and kind */
        get: {
            parameters: {
                query?: {
                    /** @description Ext: continue after the row this opaque cursor names (a previous answer's `next_cursor`, same filters); excludes page > 0 */
                    cursor?: string;
                    kind?: "email-confirm" | "email-changed" | "password-reset" | "password-changed" | "payment-receipt" | "coupon-receipt" | "refund-notice" | "membership-reminder" | "chapter-digest" | "two-step-changed" | "sign-in-ways-changed" | "data-export-ready" | "account-deletion-scheduled" | "account-deletion-cancelled" | "account-erased" | "renewal-failed" | "renewal-reminder" | "gift-code";
                    /** @description page × page_size may not pass 10,000: follow next_cursor instead */
                    page?: number;
                    page_size?: number;
                    state?: "queued" | "sending" | "sent" | "failed" | "suppressed";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                items: {
                                    attempts: number;
                                    /** Format: date-time */
                                    created_at: string;
                                    has_file: boolean;
                                    kind: string;
                                    language: string;
                                    last_error: string | null;
                                    list: string | null;
                                    /**
                                     * Format: date-time
                                     * @description When a queued message is tried next
                                     */
                                    next_attempt_at: string | null;
                                    recipient: string;
                                    /** Format: date-time */
                                    sent_at: string | null;
                                    /** @enum {unknown} */
                                    state: "queued" | "sending" | "sent" | "failed" | "suppressed";
                                    user: {
                                        username: string;
                                        uuid: string;
                                    } | null;
                                    uuid: string;
                                }[];
                                /** @description Ext: the cursor of the next page; null on the last one */
                                next_cursor: string | null;
                                /** @description The rows before this page plus those counted from its start, at most 1,000 of them (exact unless total_is_lower_bound) */
                                total: number;
                                /** @description Ext: true when there are more rows than counted: show "total+" */
                                total_is_lower_bound: boolean;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/outbox/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One outbox message */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The outbox message */
                    uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                attempts: number;
                                /** Format: date-time */
                                created_at: string;
                                has_file: boolean;
                                kind: string;
                                language: string;
                                last_error: string | null;
                                list: string | null;
                                /**
                                 * Format: date-time
                                 * @description When a queued message is tried next
                                 */
                                next_attempt_at: string | null;
                                recipient: string;
                                /** Format: date-time */
                                sent_at: string | null;
                                /** @enum {unknown} */
                                state: "queued" | "sending" | "sent" | "failed" | "suppressed";
                                user: {
                                    username: string;
                                    uuid: string;
                                } | null;
                                uuid: string;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/outbox/{uuid}/message": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The subject, text and links of a message written to DATA_DIR/mail (no SMTP_URL) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The outbox message */
                    uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Every http(s) link of the plain-text part, in order */
                                links: string[];
                                subject: string;
                                text: string;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/outbox/{uuid}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Queue a failed or suppressed message again (audited) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The outbox message */
                    uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                attempts: number;
                                /** Format: date-time */
                                created_at: string;
                                has_file: boolean;
                                kind: string;
                                language: string;
                                last_error: string | null;
                                list: string | null;
                                /**
                                 * Format: date-time
                                 * @description When a queued message is tried next
                                 */
                                next_attempt_at: string | null;
                                recipient: string;
                                /** Format: date-time */
                                sent_at: string | null;
                                /** @enum {unknown} */
                                state: "queued" | "sending" | "sent" | "failed" | "suppressed";
                                user: {
                                    username: string;
                                    uuid: string;
                                } | null;
                                uuid: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/recommendations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The recommendation carousel, in order */
        get: {
            parameters: {
                query?: {
                    /** @description Show book titles in this language (ext) */
                    language?: "zh-cn" | "en-us" | "fr-fr" | "es-es" | "ar-sa";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                items: {
                                    author: string | null;
                                    /** @enum {unknown} */
                                    book_type: "comic" | "novel";
                                    /** Format: uuid */
                                    book_uuid: string;
                                    /** @description Published chapters */
                                    chapter_count: number;
                                    /** @description Ext (issue 61): the content rating, from the mildest: all_ages, teen, mature, adult */
                                    content_rating: "all_ages" | "teen" | "mature" | "adult";
                                    cover_image: string | null;
                                    import_pending: boolean;
                                    is_published: boolean;
                                    /** @description The language of `title` */
                                    language: string;
                                    public_free_chapters: number;
                                    /** @description Ext (issue 45): the book's reading direction and default mode, as the operator set them */
                                    reading: {
                                        /** @description ltr: pages turn left to right; rtl: right to left (manga) */
                                        direction: "ltr" | "rtl";
                                        /** @description strip: one long vertical strip; single: one page at a time; double: two pages side by side */
                                        mode: "strip" | "single" | "double";
                                    };
                                    recommendation_rank: number | null;
                                    /** @enum {unknown} */
                                    status: "ongoing" | "completed";
                                    /** @description The title in `language` of the query (with the fallback), else in the original language */
                                    title: string;
                                    /** Format: date-time */
                                    updated_at: string;
                                }[];
                            };
                        };
                    };
                };
            };
        };
        /** Set the carousel: ranks 1..n in this order, every other book out */
        put: {
            parameters: {
                query?: {
                    /** @description Show book titles in this language (ext) */
                    language?: "zh-cn" | "en-us" | "fr-fr" | "es-es" | "ar-sa";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The carousel, first shown first */
                        book_uuids: string[];
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                items: {
                                    author: string | null;
                                    /** @enum {unknown} */
                                    book_type: "comic" | "novel";
                                    /** Format: uuid */
                                    book_uuid: string;
                                    /** @description Published chapters */
                                    chapter_count: number;
                                    /** @description Ext (issue 61): the content rating, from the mildest: all_ages, teen, mature, adult */
                                    content_rating: "all_ages" | "teen" | "mature" | "adult";
                                    cover_image: string | null;
                                    import_pending: boolean;
                                    is_published: boolean;
                                    /** @description The language of `title` */
                                    language: string;
                                    public_free_chapters: number;
                                    /** @description Ext (issue 45): the book's reading direction and default mode, as the operator set them */
                                    reading: {
                                        /** @description ltr: pages turn left to right; rtl: right to left (manga) */
                                        direction: "ltr" | "rtl";
                                        /** @description strip: one long vertical strip; single: one page at a time; double: two pages side by side */
                                        mode: "strip" | "single" | "double";
                                    };
                                    recommendation_rank: number | null;
                                    /** @enum {unknown} */
                                    status: "ongoing" | "completed";
                                    /** @description The title in `language` of the query (with the fallback), else in the original language */
                                    title: string;
                                    /** Format: date-time */
                                    updated_at: string;
                                }[];
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/reports/coins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The coin economy in a period [from, to) (30 days to now by default): sold, spent, outstanding, unlocks, revenue, books */
        get: {
            parameters: {
                query?: {
                    from?: string;
                    /** @description Show book titles in this language (ext) */
                    language?: "zh-cn" | "en-us" | "fr-fr" | "es-es" | "ar-sa";
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                bonus_coins: number;
                                /** @description Books by coins spent in the period, most first (at most 20) */
                                books: {
                                    /** Format: uuid */
                                    book_uuid: string;
                                    coins_spent: number;
                                    free_unlocks: number;
                                    title: string;
                                    unlocks: number;
                                }[];
                                coins_expired: number;
                                /** @description By operators */
                                coins_granted: number;
                                /** @description Removed by refunds of packs: each pack’s coins and bonus not expired */
                                coins_refunded: number;
                                /** @description Paid coins credited by pack purchases in the period */
                                coins_sold: number;
                                /** @description On unlocks, less the unlocks refunds undid */
                                coins_spent: number;
                                free_unlocks: number;
                                /** Format: date-time */
                                from: string;
                                /** @description Coins readers hold now, unexpired: a liability */
                                outstanding: number;
                                /** @description Of those, bought coins (not bonus or granted) */
                                outstanding_paid: number;
                                revenue: {
                                    /** @description In the currency's smallest unit, refunds deducted */
                                    amount: number;
                                    currency: string;
                                    model: "membership" | "coins";
                                    orders: number;
                                    provider: string;
                                }[];
                                /** Format: date-time */
                                to: string;
                                unlocks: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Site settings */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Ext (issue 61): off (no reader sees an adult book) or confirmed_readers (signed-in readers who confirmed their age) */
                                adult_books: "off" | "confirmed_readers";
                                /** @description Ext (issue 61), with adult_books confirmed_readers: others see nothing of an adult book (hidden), or a card without its cover (blurred) */
                                adult_books_for_others: "hidden" | "blurred";
                                /** @description Ext (issue 61): mature covers are blurred in lists for every reader who has not confirmed their age */
                                blur_mature_covers: boolean;
                                /** @description Issue 42: coins, chapter unlocks and wait-for-free are offered (off by default) */
                                coins_enabled: boolean;
                                comment_links_min_age_hours: number;
                                /** Format: email */
                                contact_email: string;
                                default_chapter_price: number;
                                default_free_chapters: number;
                                /** @description Issue 59: days a reader keeps reading after a renewal failed (0 to 14) */
                                renewal_grace_days: number;
                                /** @description Issue 59: memberships are offered as renewing where a rail can renew them (one-time purchases stay on sale) */
                                renewing_memberships: boolean;
                                /** @description Ext (issue 43): audit log entries are deleted after this many days (at least 365) */
                                retention_audit_days: number;
                                /** @description Ext (issue 43): sent and failed e-mails leave the outbox after this many days (at least 7) */
                                retention_outbox_days: number;
                                /** @description Ext (issue 43): reading events are deleted after this many days (at least 90) */
                                retention_reading_events_days: number;
                                /** @description Ext (issue 43): a visitor's progress, history and event id go this many days after the last read (at least 30) */
                                retention_visitor_days: number;
                                site_name: string;
                            };
                        };
                    };
                };
            };
        };
        /** Change site settings (only the fields given); every node follows within seconds */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Ext (issue 61): off (no reader sees an adult book) or confirmed_readers (signed-in readers who confirmed their age) */
                        adult_books?: "off" | "confirmed_readers";
                        /** @description Ext (issue 61), with adult_books confirmed_readers: others see nothing of an adult book (hidden), or a card without its cover (blurred) */
                        adult_books_for_others?: "hidden" | "blurred";
                        /** @description Ext (issue 61): mature covers are blurred in lists for every reader who has not confirmed their age */
                        blur_mature_covers?: boolean;
                        coins_enabled?: boolean;
                        comment_links_min_age_hours?: number;
                        /** Format: email */
                        contact_email?: string;
                        default_chapter_price?: number;
                        default_free_chapters?: number;
                        /** @description Issue 59: days a reader keeps reading after a renewal failed (0 to 14) */
                        renewal_grace_days?: number;
                        /** @description Issue 59: memberships are offered as renewing where a rail can renew them (one-time purchases stay on sale) */
                        renewing_memberships?: boolean;
                        /** @description Ext (issue 43): audit log entries are deleted after this many days (at least 365) */
                        retention_audit_days?: number;
                        /** @description Ext (issue 43): sent and failed e-mails leave the outbox after this many days (at least 7) */
                        retention_outbox_days?: number;
                        /** @description Ext (issue 43): reading events are deleted after this many days (at least 90) */
                        retention_reading_events_days?: number;
                        /** @description Ext (issue 43): a visitor's progress, history and event id go this many days after the last read (at least 30) */
                        retention_visitor_days?: number;
                        site_name?: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Ext (issue 61): off (no reader sees an adult book) or confirmed_readers (signed-in readers who confirmed their age) */
                                adult_books: "off" | "confirmed_readers";
                                /** @description Ext (issue 61), with adult_books confirmed_readers: others see nothing of an adult book (hidden), or a card without its cover (blurred) */
                                adult_books_for_others: "hidden" | "blurred";
                                /** @description Ext (issue 61): mature covers are blurred in lists for every reader who has not confirmed their age */
                                blur_mature_covers: boolean;
                                /** @description Issue 42: coins, chapter unlocks and wait-for-free are offered (off by default) */
                                coins_enabled: boolean;
                                comment_links_min_age_hours: number;
                                /** Format: email */
                                contact_email: string;
                                default_chapter_price: number;
                                default_free_chapters: number;
                                /** @description Issue 59: days a reader keeps reading after a renewal failed (0 to 14) */
                                renewal_grace_days: number;
                                /** @description Issue 59: memberships are offered as renewing where a rail can renew them (one-time purchases stay on sale) */
                                renewing_memberships: boolean;
                                /** @description Ext (issue 43): audit log entries are deleted after this many days (at least 365) */
                                retention_audit_days: number;
                                /** @description Ext (issue 43): sent and failed e-mails leave the outbox after this many days (at least 7) */
                                retention_outbox_days: number;
                                /** @description Ext (issue 43): reading events are deleted after this many days (at least 90) */
                                retention_reading_events_days: number;
                                /** @description Ext (issue 43): a visitor's progress, history and event id go this many days after the last read (at least 30) */
                                retention_visitor_days: number;
                                site_name: string;
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Dashboard: revenue, new members and reading per UTC day, members now, expiring soon, top books */
        get: {
            parameters: {
                query?: {
                    days?: 30 | 90;
                    /** @description Show book titles in this language (ext) */
                    language?: "zh-cn" | "en-us" | "fr-fr" | "es-es" | "ar-sa";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Users with a running membership now */
                                active_members: number;
                                days: {
                                    chapter_finishes: number;
                                    chapter_starts: number;
                                    /** @description YYYY-MM-DD (UTC) */
                                    date: string;
                                    /** @description Users whose first membership grant started that day */
                                    new_members: number;
                                    /** @description Net revenue per "provider:plan": paid on the day minus refunded on the day, smallest currency unit */
                                    revenue_fen_by: {
                                        [key: string]: number;
                                    };
                                }[];
                                expiring_7d: {
                                    /** Format: date-time */
                                    expire_at: string;
                                    username: string;
                                    uuid: string;
                                }[];
                                new_members_total: number;
                                subscriptions: {
                                    /** @description Now: subscriptions renewing, stopped at period end or past due */
                                    active: number;
                                    /** @description In the range: subscriptions that ended */
                                    cancellations: number;
                                    currency: string;
                                    /** @description In the range: invoices whose payment failed */
                                    failed_payments: number;
                                    /** @description Now: monthly recurring revenue of the active ones (a season's price / 3), fen */
                                    mrr_fen: number;
                                    /** @description In the range: renewals paid (subscription orders after the first), refunded ones included */
                                    renewals: number;
                                };
                                top_books: {
                                    book_uuid: string;
                                    reads: number;
                                    /** @description In `language` of the query with the fallback, else the original */
                                    title: string;
                                    /** @description Ext: the language of `title` */
                                    title_language: string;
                                }[];
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search readers by name or uuid, by role, account state and membership */
        get: {
            parameters: {
                query?: {
                    /** @description Ext: continue after the row this opaque cursor names (a previous answer's `next_cursor`, same filters); excludes page > 0 */
                    cursor?: string;
                    /** @description yes: membership running now */
                    member?: "yes" | "no";
                    /** @description page × page_size may not pass 10,000: follow next_cursor instead */
                    page?: number;
                    page_size?: number;
                    /** @description The start of the user name (any case; the matches come in name order), or an exact uuid */
                    q?: string;
                    role?: "user" | "admin";
                    state?: "active" | "disabled";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                items: {
                                    /** Format: date-time */
                                    created_at: string;
                                    /** Format: date-time */
                                    disabled_at: string | null;
                                    /** @description The inviter's user name */
                                    invited_by: string | null;
                                    membership: {
                                        /** Format: date-time */
                                        expire_at: string;
                                        is_expired: boolean;
                                    } | null;
                                    role: "user" | "admin";
                                    username: string;
                                    /** Format: uuid */
                                    uuid: string;
                                }[];
                                /** @description Ext: the cursor of the next page; null on the last one */
                                next_cursor: string | null;
                                /** @description The rows before this page plus those counted from its start, at most 1,000 of them (exact unless total_is_lower_bound) */
                                total: number;
                                /** @description Ext: true when there are more rows than counted: show "total+" */
                                total_is_lower_bound: boolean;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{userUuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A reader with their membership ledger, orders, invitations and coupons */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                coupon_redemptions: {
                                    code: string;
                                    /** Format: date-time */
                                    created_at: string;
                                }[];
                                email: {
                                    /** @description The reader's address (only administrators see it) */
                                    address: string | null;
                                    /** Format: date-time */
                                    confirmed_at: string | null;
                                };
                                grants: {
                                    /** Format: date-time */
                                    created_at: string;
                                    /** Format: date-time */
                                    ends_at: string;
                                    /** @description For example "1 month" or "30 days" (English; the console writes `length_parts` in its language) */
                                    length: string;
                                    /** @description ext: the same length as a number of months or of days, for the console to write in its language */
                                    length_parts: {
                                        months: number;
                                    } | {
                                        days: number;
                                    };
                                    note: string | null;
                                    /** Format: date-time */
                                    revoked_at: string | null;
                                    source: string;
                                    source_ref: string;
                                    /** Format: date-time */
                                    starts_at: string;
                                }[];
                                invites: {
                                    invited: {
                                        /** Format: date-time */
                                        created_at: string;
                                        has_paid: boolean;
                                        invited: {
                                            /** Format: date-time */
                                            created_at: string;
                                            has_paid: boolean;
                                            username: string;
                                            /** Format: uuid */
                                            uuid: string;
                                        }[];
                                        username: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    }[];
                                    invited_by: {
                                        username: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    } | null;
                                };
                                orders: {
                                    amount_fen: number;
                                    bonus_coins: number;
                                    /** @description A coin pack: its coins as sold; 0 for a membership */
                                    coins: number;
                                    /** Format: date-time */
                                    created_at: string;
                                    months: number;
                                    order_id: string;
                                    /** Format: date-time */
                                    paid_at: string | null;
                                    plan: "month" | "season" | "coins";
                                    provider: string;
                                    status: string;
                                }[];
                                user: {
                                    /** Format: date-time */
                                    created_at: string;
                                    /** Format: date-time */
                                    disabled_at: string | null;
                                    /** @description The inviter's user name */
                                    invited_by: string | null;
                                    membership: {
                                        /** Format: date-time */
                                        expire_at: string;
                                        is_expired: boolean;
                                    } | null;
                                    role: "user" | "admin";
                                    username: string;
                                    /** Format: uuid */
                                    uuid: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{userUuid}/coins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Give a reader coins, with a reason their history and the audit log keep */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        coins: number;
                        reason: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                balance: number;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{userUuid}/data_export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a reader's data archive (audited user.data_export); the reader downloads it (mail, profile) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Why: kept in the audit log */
                        reason: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                export: {
                                    /** @description Only while ready: the signed download path (/api/v1/user/data_export/{uuid}/download?expires=…&sig=…); it also needs the login token */
                                    download_url: string | null;
                                    /** @description Downloadable until then (epoch ms): 7 days after ready_at */
                                    expires_at: number | null;
                                    /** @description When the reader may ask for the next archive (epoch ms; now or past: now) */
                                    next_export_at: number;
                                    /** @description When the archive was ready (epoch ms) */
                                    ready_at: number | null;
                                    /** @description When it was asked for (epoch ms) */
                                    requested_at: number;
                                    /** @description The ZIP archive size in bytes */
                                    size_bytes: number | null;
                                    state: "queued" | "building" | "ready" | "failed" | "expired";
                                    /** Format: uuid */
                                    uuid: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{userUuid}/deletion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a reader's account deletion (14-day grace period; audited user.deletion_request) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description remove: the reader's comments are deleted at erasure; keep: they stay, shown as a deleted reader's */
                        comments: "remove" | "keep";
                        /** @description Why: kept in the audit log */
                        reason: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                deletion: {
                                    /** @description remove: the reader's comments are deleted at erasure; keep: they stay, shown as a deleted reader's */
                                    comments: "remove" | "keep";
                                    erase_at: number;
                                    requested_at: number;
                                };
                            };
                        };
                    };
                };
            };
        };
        /** Cancel a reader's pending account deletion at their request (audited user.deletion_cancel) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Why: kept in the audit log */
                        reason: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @enum {boolean} */
                                cancelled: true;
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{userUuid}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Disable an account: its tokens stop working and it cannot log in */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Why: kept in the audit log */
                        reason: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                revoked?: number;
                                user: {
                                    /** Format: date-time */
                                    created_at: string;
                                    /** Format: date-time */
                                    disabled_at: string | null;
                                    /** @description The inviter's user name */
                                    invited_by: string | null;
                                    membership: {
                                        /** Format: date-time */
                                        expire_at: string;
                                        is_expired: boolean;
                                    } | null;
                                    role: "user" | "admin";
                                    username: string;
                                    /** Format: uuid */
                                    uuid: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{userUuid}/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set (a confirmation link is sent) or clear (null) a reader's e-mail address */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string | null;
                        /** @description Why: kept in the audit log */
                        reason: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                address: string | null;
                                /** Format: date-time */
                                confirmed_at: string | null;
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{userUuid}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enable a disabled account */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Why: kept in the audit log */
                        reason: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                revoked?: number;
                                user: {
                                    /** Format: date-time */
                                    created_at: string;
                                    /** Format: date-time */
                                    disabled_at: string | null;
                                    /** @description The inviter's user name */
                                    invited_by: string | null;
                                    membership: {
                                        /** Format: date-time */
                                        expire_at: string;
                                        is_expired: boolean;
                                    } | null;
                                    role: "user" | "admin";
                                    username: string;
                                    /** Format: uuid */
                                    uuid: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{userUuid}/feed_keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A reader's live feed keys (name, created, last used) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** Format: date-time */
                                    created_at: string;
                                    key_id: number;
                                    /**
                                     * Format: date-time
                                     * @description The last feed request with it (recorded at most once a minute); null: never used
                                     */
                                    last_used_at: string | null;
                                    name: string;
                                }[];
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{userUuid}/feed_keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a reader's feed key (audited) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    key_id: number;
                    userUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @enum {boolean} */
                                    revoked: true;
                                };
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{userUuid}/grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add membership time (days or months) with a reason */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        days?: number;
                        months?: number;
                        /** @description Why: kept in the audit log */
                        reason: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                revoked?: number;
                                user: {
                                    /** Format: date-time */
                                    created_at: string;
                                    /** Format: date-time */
                                    disabled_at: string | null;
                                    /** @description The inviter's user name */
                                    invited_by: string | null;
                                    membership: {
                                        /** Format: date-time */
                                        expire_at: string;
                                        is_expired: boolean;
                                    } | null;
                                    role: "user" | "admin";
                                    username: string;
                                    /** Format: uuid */
                                    uuid: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{userUuid}/library": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Issue 61: the reader's status counts and lists (all of them, hidden ones with the reason) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    lists: {
                                        /** @description Published books in the list */
                                        book_count: number;
                                        /** Format: date-time */
                                        created_at: string;
                                        description: string;
                                        /** @description A staff pick */
                                        featured: boolean;
                                        follower_count: number;
                                        /** @description Hidden by the moderators (only the owner and the console see it) */
                                        hidden: boolean;
                                        /** @description Only for the owner and the console */
                                        hidden_reason: string | null;
                                        /** Format: uuid */
                                        list_uuid: string;
                                        name: string;
                                        owner_username: string;
                                        /** Format: date-time */
                                        updated_at: string;
                                        /** @description private: the owner only; unlisted: anyone with the link; public: listed on the reader’s lists, followable */
                                        visibility: "private" | "unlisted" | "public";
                                    }[];
                                    statuses: {
                                        completed: number;
                                        dropped: number;
                                        on_hold: number;
                                        plan_to_read: number;
                                        re_reading: number;
                                        reading: number;
                                    };
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{userUuid}/linked-identities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Issue 60: the reader's linked sign-in providers */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    email: string | null;
                                    id: number;
                                    /** Format: date-time */
                                    last_used_at: string | null;
                                    /** Format: date-time */
                                    linked_at: string;
                                    provider: string;
                                    provider_name: string;
                                }[];
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{userUuid}/linked-identities/{id}/unlink": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue 60: unlink a sign-in provider from the reader (audited) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                    userUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    email: string | null;
                                    id: number;
                                    /** Format: date-time */
                                    last_used_at: string | null;
                                    /** Format: date-time */
                                    linked_at: string;
                                    provider: string;
                                    provider_name: string;
                                }[];
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{userUuid}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke running and future membership grants */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Why: kept in the audit log */
                        reason: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                revoked?: number;
                                user: {
                                    /** Format: date-time */
                                    created_at: string;
                                    /** Format: date-time */
                                    disabled_at: string | null;
                                    /** @description The inviter's user name */
                                    invited_by: string | null;
                                    membership: {
                                        /** Format: date-time */
                                        expire_at: string;
                                        is_expired: boolean;
                                    } | null;
                                    role: "user" | "admin";
                                    username: string;
                                    /** Format: uuid */
                                    uuid: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{userUuid}/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Promote to administrator or demote to reader */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Why: kept in the audit log */
                        reason: string;
                        role: "user" | "admin";
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                revoked?: number;
                                user: {
                                    /** Format: date-time */
                                    created_at: string;
                                    /** Format: date-time */
                                    disabled_at: string | null;
                                    /** @description The inviter's user name */
                                    invited_by: string | null;
                                    membership: {
                                        /** Format: date-time */
                                        expire_at: string;
                                        is_expired: boolean;
                                    } | null;
                                    role: "user" | "admin";
                                    username: string;
                                    /** Format: uuid */
                                    uuid: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{userUuid}/sign-in-ways": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Issue 60: how the reader signs in (password, two-step, passkeys, providers) and their latest sign-ins */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    email_confirmed: boolean;
                                    /** @description False for an account without a password (made through a provider, or passkey-only) */
                                    has_password: boolean;
                                    /** @description Oldest first */
                                    passkeys: {
                                        /** Format: date-time */
                                        created_at: string;
                                        id: number;
                                        /** Format: date-time */
                                        last_used_at: string | null;
                                        name: string;
                                    }[];
                                    /** @description Linked sign-in providers, oldest first */
                                    providers: {
                                        email: string | null;
                                        id: number;
                                        /** Format: date-time */
                                        last_used_at: string | null;
                                        /** Format: date-time */
                                        linked_at: string;
                                        provider: string;
                                        provider_name: string;
                                    }[];
                                    /** @description Unused recovery codes of two-step sign-in */
                                    recovery_codes_left: number;
                                    /** @description Newest first, at most 20 */
                                    sign_ins: {
                                        /** Format: date-time */
                                        at: string;
                                        method: "password" | "passkey" | "oidc" | "wechat";
                                        /** @description An OpenID provider's id (method oidc); null otherwise */
                                        provider: string | null;
                                    }[];
                                    /** @description Two-step sign-in (authenticator app) is on */
                                    two_step: boolean;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{userUuid}/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A reader's renewing memberships, newest first, with their invoices and the orders that paid them */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                can_stop_renewal: boolean;
                                cancel_reason: string | null;
                                /** Format: date-time */
                                canceled_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /**
                                 * Format: date-time
                                 * @description Renewal stopped or past due: the end of the paid time; ended: when it ended
                                 */
                                ends_at: string | null;
                                /**
                                 * Format: date-time
                                 * @description Past due: the end of the grace
                                 */
                                grace_until: string | null;
                                id: number;
                                invoices: {
                                    /** @description Smallest currency unit */
                                    amount: number;
                                    billing_reason: string | null;
                                    /** Format: date-time */
                                    created_at: string;
                                    currency: string;
                                    /** @description The provider's invoice (Stripe `in_…`; the sandbox's first order id or `sbinv_…`; WeChat: the deduction's order id) */
                                    invoice_ref: string;
                                    order: {
                                        order_id: string;
                                        status: string;
                                    } | null;
                                    status: "parked" | "paid" | "failed" | "incident";
                                }[];
                                plan: "month" | "season";
                                provider: "stripe" | "sandbox" | "wechat";
                                /** @description Stripe `sub_…`; the sandbox `sbsub_…`; WeChat: our out_contract_code `ctr…` */
                                provider_ref: string;
                                /**
                                 * Format: date-time
                                 * @description The next renewal (state renewing)
                                 */
                                renews_at: string | null;
                                state: "incomplete" | "renewing" | "canceling" | "past_due" | "ended";
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{userUuid}/subscriptions/{subscriptionId}/stop-renewal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop a renewing membership at the end of its paid period (Stripe first), with a reason (audited) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    subscriptionId: number;
                    userUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Why: kept in the audit log */
                        reason: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                can_stop_renewal: boolean;
                                cancel_reason: string | null;
                                /** Format: date-time */
                                canceled_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /**
                                 * Format: date-time
                                 * @description Renewal stopped or past due: the end of the paid time; ended: when it ended
                                 */
                                ends_at: string | null;
                                /**
                                 * Format: date-time
                                 * @description Past due: the end of the grace
                                 */
                                grace_until: string | null;
                                id: number;
                                invoices: {
                                    /** @description Smallest currency unit */
                                    amount: number;
                                    billing_reason: string | null;
                                    /** Format: date-time */
                                    created_at: string;
                                    currency: string;
                                    /** @description The provider's invoice (Stripe `in_…`; the sandbox's first order id or `sbinv_…`; WeChat: the deduction's order id) */
                                    invoice_ref: string;
                                    order: {
                                        order_id: string;
                                        status: string;
                                    } | null;
                                    status: "parked" | "paid" | "failed" | "incident";
                                }[];
                                plan: "month" | "season";
                                provider: "stripe" | "sandbox" | "wechat";
                                /** @description Stripe `sub_…`; the sandbox `sbsub_…`; WeChat: our out_contract_code `ctr…` */
                                provider_ref: string;
                                /**
                                 * Format: date-time
                                 * @description The next renewal (state renewing)
                                 */
                                renews_at: string | null;
                                state: "incomplete" | "renewing" | "canceling" | "past_due" | "ended";
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/comics/author/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext (issue 46): a person's published books with their roles, most read first (404 AUTHOR_NOT_FOUND when none) */
        get: {
            parameters: {
                query?: {
                    /** @description zh-cn, en-us, fr-fr, es-es or ar-sa (case-insensitive) */
                    language?: string;
                };
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Published books, most read first (at most 200) */
                                books: {
                                    book_title: string;
                                    book_type: "comic" | "novel";
                                    /** Format: uuid */
                                    book_uuid: string;
                                    /** @description Count of published chapters */
                                    chapter_number: number;
                                    /** @description Ext (issue 61): the content rating, from the mildest: all_ages, teen, mature, adult */
                                    content_rating?: "all_ages" | "teen" | "mature" | "adult";
                                    /** @description Ext (issue 61): true when this reader is shown the card blurred (a mature cover with blur_mature_covers, or an adult book they may not open: then cover_image is null) */
                                    cover_blurred?: boolean;
                                    cover_image: string | null;
                                    /** @description The cover in several widths, as an HTML srcset: "/media/covers/…-240.webp 240w, …" */
                                    cover_srcset?: string | null;
                                    /**
                                     * Format: date-time
                                     * @description When the book's first published chapter came out; null when none has
                                     */
                                    first_chapter_at?: string | null;
                                    public_free_chapters: number;
                                    /** @description Ext: the Bayesian average rating (docs/COMMUNITY.md), 1 to 10, one decimal; null until the book has 5 ratings (RATING_CARD_MIN_COUNT) */
                                    rating_average?: number | null;
                                    /** @description Ext: how many readers rated the book */
                                    rating_count?: number;
                                    /** @description What the person did for the book */
                                    roles: ("author" | "artist")[];
                                    tag1: string | null;
                                    tag2: string | null;
                                    tag3: string | null;
                                    /** @description Ext, with q only: the matched words of book_title as [start, end) UTF-16 offsets, in order and apart; null or absent without q */
                                    title_highlights?: number[][] | null;
                                    total_likes: number;
                                    /** Format: date-time */
                                    updated_at: string;
                                }[];
                                /** @description As the newest of the books credits it */
                                name: string;
                                /** @description Every role across the books */
                                roles: ("author" | "artist")[];
                                slug: string;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/comics/book/{book_uuid}/also_read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext: books this book's readers also read (never the book itself; with a token, never a book the reader finished) */
        get: {
            parameters: {
                query?: {
                    /** @description zh-cn, en-us, fr-fr, es-es or ar-sa (case-insensitive) */
                    language?: string;
                };
                header?: never;
                path: {
                    book_uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Books this book's readers also read, most specific first (co-reading normalised by popularity); never the book itself; with a token, never a book the reader finished */
                                result: {
                                    book_title: string;
                                    book_type: "comic" | "novel";
                                    /** Format: uuid */
                                    book_uuid: string;
                                    /** @description Count of published chapters */
                                    chapter_number: number;
                                    /** @description Ext (issue 61): the content rating, from the mildest: all_ages, teen, mature, adult */
                                    content_rating?: "all_ages" | "teen" | "mature" | "adult";
                                    /** @description Ext (issue 61): true when this reader is shown the card blurred (a mature cover with blur_mature_covers, or an adult book they may not open: then cover_image is null) */
                                    cover_blurred?: boolean;
                                    cover_image: string | null;
                                    /** @description The cover in several widths, as an HTML srcset: "/media/covers/…-240.webp 240w, …" */
                                    cover_srcset?: string | null;
                                    /**
                                     * Format: date-time
                                     * @description When the book's first published chapter came out; null when none has
                                     */
                                    first_chapter_at?: string | null;
                                    public_free_chapters: number;
                                    /** @description Ext: the Bayesian average rating (docs/COMMUNITY.md), 1 to 10, one decimal; null until the book has 5 ratings (RATING_CARD_MIN_COUNT) */
                                    rating_average?: number | null;
                                    /** @description Ext: how many readers rated the book */
                                    rating_count?: number;
                                    tag1: string | null;
                                    tag2: string | null;
                                    tag3: string | null;
                                    /** @description Ext, with q only: the matched words of book_title as [start, end) UTF-16 offsets, in order and apart; null or absent without q */
                                    title_highlights?: number[][] | null;
                                    total_likes: number;
                                    /** Format: date-time */
                                    updated_at: string;
                                }[];
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/comics/book/{book_uuid}/rating": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext: a book's ratings: average, Bayesian average, count, distribution and the caller's own */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    book_uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Plain mean of the scores, 1 to 10; null without ratings */
                                    average: number | null;
                                    /** @description (C × m + sum) / (C + count): m the mean of every rating in the catalogue, C = 10 (docs/COMMUNITY.md); null without ratings */
                                    bayesian: number | null;
                                    count: number;
                                    /** @description How many ratings gave 1, 2, … 10 points */
                                    distribution: number[];
                                    mine: {
                                        review: string | null;
                                        /** @description Ext: the review is held or hidden: only its author sees it */
                                        review_hidden?: boolean;
                                        review_hidden_by?: ("word_filter" | "moderator") | (never | null);
                                        /** @description 1 to 10 */
                                        score: number;
                                        /** Format: date-time */
                                        updated_at: string;
                                    } | null;
                                };
                            };
                        };
                    };
                };
            };
        };
        /** Ext: rate a book 1 to 10 with an optional short review (one per reader; a new call changes it) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    book_uuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A short review; null or empty removes it */
                        review?: string | null;
                        /** @description 1 to 10 */
                        score: number;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Plain mean of the scores, 1 to 10; null without ratings */
                                    average: number | null;
                                    /** @description (C × m + sum) / (C + count): m the mean of every rating in the catalogue, C = 10 (docs/COMMUNITY.md); null without ratings */
                                    bayesian: number | null;
                                    count: number;
                                    /** @description How many ratings gave 1, 2, … 10 points */
                                    distribution: number[];
                                    mine: {
                                        review: string | null;
                                        /** @description Ext: the review is held or hidden: only its author sees it */
                                        review_hidden?: boolean;
                                        review_hidden_by?: ("word_filter" | "moderator") | (never | null);
                                        /** @description 1 to 10 */
                                        score: number;
                                        /** Format: date-time */
                                        updated_at: string;
                                    } | null;
                                };
                            };
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Ext, with COMMENT_BANNED: the moderator’s reason */
                            ban_reason?: string;
                            /**
                             * Format: date-time
                             * @description Ext, with COMMENT_BANNED: when the ban ends; null: for good
                             */
                            banned_until?: string | null;
                            /** @description Stable error code */
                            code: string;
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            /** @description Readable English message */
                            error: string;
                            /**
                             * Format: date-time
                             * @description Ext, with LINKS_NOT_ALLOWED: when the account may post links
                             */
                            links_allowed_at?: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Ext: withdraw the caller's rating and review of a book */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    book_uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Plain mean of the scores, 1 to 10; null without ratings */
                                    average: number | null;
                                    /** @description (C × m + sum) / (C + count): m the mean of every rating in the catalogue, C = 10 (docs/COMMUNITY.md); null without ratings */
                                    bayesian: number | null;
                                    count: number;
                                    /** @description How many ratings gave 1, 2, … 10 points */
                                    distribution: number[];
                                    mine: {
                                        review: string | null;
                                        /** @description Ext: the review is held or hidden: only its author sees it */
                                        review_hidden?: boolean;
                                        review_hidden_by?: ("word_filter" | "moderator") | (never | null);
                                        /** @description 1 to 10 */
                                        score: number;
                                        /** Format: date-time */
                                        updated_at: string;
                                    } | null;
                                };
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/comics/book/{book_uuid}/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext: a book's reviews, newest first (the caller's own held or hidden one flagged) */
        get: {
            parameters: {
                query: {
                    page: number;
                    page_size: number;
                };
                header?: never;
                path: {
                    book_uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description True only on the caller's own review that readers do not see (held by the word filter or hidden) */
                                    hidden?: boolean;
                                    /** @description Ext, only on the caller's own hidden review: held by the word filter or hidden by a moderator */
                                    hidden_by?: "word_filter" | "moderator";
                                    /** @description The caller's own review (listed first) */
                                    mine?: boolean;
                                    /** @description Plain text with line breaks */
                                    review: string;
                                    /** @description 1 to 10 */
                                    score: number;
                                    /** Format: date-time */
                                    updated_at: string;
                                    user: {
                                        /**
                                         * @description Ext (issue 43): the author deleted their account and chose to keep their comments; username is then the account's pseudonym (deleted-…), which clients show as "Deleted reader"
                                         * @enum {boolean}
                                         */
                                        deleted_reader?: true;
                                        username: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                }[];
                                /** @description Reviews readers see (the caller’s own hidden one not counted) */
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/comics/book/recommendation/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recommended books (at most 10) */
        get: {
            parameters: {
                query?: {
                    /** @description zh-cn, en-us, fr-fr, es-es or ar-sa (case-insensitive) */
                    language?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    book_title: string;
                                    /** Format: uuid */
                                    book_uuid: string;
                                    /** @description Count of published chapters (camelCase by contract) */
                                    chapterNumber: number;
                                    cover_image: string | null;
                                    /** @description The cover in several widths, as an HTML srcset: "/media/covers/…-240.webp 240w, …" */
                                    cover_srcset?: string | null;
                                    public_free_chapters: number;
                                    tag1: string | null;
                                    tag2: string | null;
                                }[];
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/comics/book/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search and page through books */
        get: {
            parameters: {
                query: {
                    /** @description Only comics or only novels */
                    book_type?: "comic" | "novel";
                    /** @description Ext (issue 61): content descriptors the book must all have, comma-separated (CONTENT_DESCRIPTORS) */
                    descriptors?: string;
                    /** @description Ext (issue 61): content descriptors the book must not have, comma-separated (CONTENT_DESCRIPTORS) */
                    exclude_descriptors?: string;
                    /** @description Ext: tags the book must not have, comma-separated (at most 10) */
                    exclude_tags?: string;
                    /** @description Ext: true, only books with free chapters; false, only books without */
                    has_free?: boolean;
                    /** @description zh-cn, en-us, fr-fr, es-es or ar-sa (case-insensitive) */
                    language?: string;
                    /** @description Default: relevance when q is given (ext), else updated_at. relevance without q sorts as updated_at. Ext rating: top rated (Bayesian average, then popularity; rated books first; 404 when COMMUNITY=off). */
                    order_by?: "updated_at" | "popularity" | "relevance" | "rating";
                    page: number;
                    page_size: number;
                    /** @description Search (ext: titles in every language, authors, tags and introductions; case, accents, Traditional/Simplified Chinese, pinyin and typos folded; docs/SEARCH.md) */
                    q?: string;
                    /** @description Ext: only ongoing or only completed books */
                    status?: "ongoing" | "completed";
                    tag?: string;
                    /** @description Ext: tags the book must all have, comma-separated (at most 10) */
                    tags?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Ext, with q only: when q finds nothing, a corrected query that finds books (each word its nearest known term) */
                                did_you_mean?: string | null;
                                result: {
                                    book_title: string;
                                    book_type: "comic" | "novel";
                                    /** Format: uuid */
                                    book_uuid: string;
                                    /** @description Count of published chapters */
                                    chapter_number: number;
                                    /** @description Ext (issue 61): the content rating, from the mildest: all_ages, teen, mature, adult */
                                    content_rating?: "all_ages" | "teen" | "mature" | "adult";
                                    /** @description Ext (issue 61): true when this reader is shown the card blurred (a mature cover with blur_mature_covers, or an adult book they may not open: then cover_image is null) */
                                    cover_blurred?: boolean;
                                    cover_image: string | null;
                                    /** @description The cover in several widths, as an HTML srcset: "/media/covers/…-240.webp 240w, …" */
                                    cover_srcset?: string | null;
                                    /**
                                     * Format: date-time
                                     * @description When the book's first published chapter came out; null when none has
                                     */
                                    first_chapter_at?: string | null;
                                    public_free_chapters: number;
                                    /** @description Ext: the Bayesian average rating (docs/COMMUNITY.md), 1 to 10, one decimal; null until the book has 5 ratings (RATING_CARD_MIN_COUNT) */
                                    rating_average?: number | null;
                                    /** @description Ext: how many readers rated the book */
                                    rating_count?: number;
                                    tag1: string | null;
                                    tag2: string | null;
                                    tag3: string | null;
                                    /** @description Ext, with q only: the matched words of book_title as [start, end) UTF-16 offsets, in order and apart; null or absent without q */
                                    title_highlights?: number[][] | null;
                                    total_likes: number;
                                    /** Format: date-time */
                                    updated_at: string;
                                }[];
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/comics/book/suggest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext: books, authors and tags to suggest as the reader types a search */
        get: {
            parameters: {
                query?: {
                    /** @description zh-cn, en-us, fr-fr, es-es or ar-sa (case-insensitive) */
                    language?: string;
                    /** @description What the reader has typed so far; read as the search reads q (docs/SEARCH.md). Empty: empty lists. */
                    q?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Authors of published books whose names match, best first */
                                authors: string[];
                                /** @description Best matches first, as the search ranks them */
                                books: {
                                    author: string | null;
                                    /** @description In the language asked for, with the same fallback as the search */
                                    book_title: string;
                                    book_type: "comic" | "novel";
                                    /** Format: uuid */
                                    book_uuid: string;
                                    /** @description Ext (issue 61): true when this reader is shown the card blurred (a mature cover with blur_mature_covers, or an adult book they may not open: then cover_image is null) */
                                    cover_blurred?: boolean;
                                    cover_image: string | null;
                                    /** @description The cover in several widths, as an HTML srcset: "/media/covers/…-240.webp 240w, …" */
                                    cover_srcset?: string | null;
                                }[];
                                /** @description Tags whose name in any of the five languages matches, as stored (the web app translates them) */
                                tags: string[];
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/comics/book/unlock_all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ext: unlock every chapter still locked, all or none, at the previewed total */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        book_uuid: string;
                        /** @description The previewed total; refused (409 UNLOCK_ALL_TOTAL_CHANGED) if it is no longer the total */
                        total: number;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    balance: number;
                                    total: number;
                                    unlocked: string[];
                                };
                            };
                        };
                    };
                };
                /** @description Default Response */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            balance?: number;
                            code: string;
                            error: string;
                            price?: number;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            error: string;
                            total?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/comics/chapter_comics/{chapterUuid}/{language}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Chapter content; paid chapters need a running membership */
        get: {
            parameters: {
                query?: {
                    /** @description 1: the data saver’s lighter pages */
                    data_saver?: "0" | "1";
                };
                header?: never;
                path: {
                    chapterUuid: string;
                    /** @description zh-cn, en-us, fr-fr, es-es or ar-sa (case-insensitive) */
                    language: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    already_favor: boolean;
                                    book_type: "comic" | "novel";
                                    /** Format: uuid */
                                    book_uuid: string;
                                    chapter_number: number;
                                    chapter_title: string;
                                    /** Format: uuid */
                                    chapter_uuid: string;
                                    /** @description Page image URLs in reading order */
                                    images: string[];
                                    /** Format: uuid */
                                    next_chapter_uuid: string | null;
                                    /** @description Same order as images, with sizes for layout */
                                    pages: {
                                        height: number;
                                        /** @description Smaller variants, best first (AVIF, then WebP); absent when none */
                                        sources?: {
                                            type: "image/avif" | "image/webp";
                                            url: string;
                                        }[];
                                        /**
                                         * @description Ext (issue 45): the page is wider than tall (a double-page spread): shown alone in double mode; absent otherwise
                                         * @enum {boolean}
                                         */
                                        spread?: true;
                                        /** @description The universal fallback (the source format); every browser can show it */
                                        url: string;
                                        width: number;
                                    }[];
                                    /** Format: uuid */
                                    prev_chapter_uuid: string | null;
                                    /** @description Ext (issue 45): the book's reading direction and default mode, as the operator set them */
                                    reading: {
                                        /** @description ltr: pages turn left to right; rtl: right to left (manga) */
                                        direction: "ltr" | "rtl";
                                        /** @description strip: one long vertical strip; single: one page at a time; double: two pages side by side */
                                        mode: "strip" | "single" | "double";
                                    };
                                    /** @description A novel chapter's text as sanitised HTML (p, h1–h4, em, strong, br, blockquote, hr; no attributes), in the asked language, else English (for any reader but a Chinese one), else the book's original language, else any (the rule titles follow); null for comics. `images` then holds the chapter's illustrations, if any */
                                    text: string | null;
                                    /** @description The language `text` is in (it may be the fallback); null when there is no text */
                                    text_language: string | null;
                                    /** @description Every language the chapter's text exists in (asking in one of them gives that text); empty for comics */
                                    text_languages: string[];
                                    /** @description The book's title */
                                    title: string;
                                    total_likes: number;
                                };
                            };
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            book_type?: "comic" | "novel";
                            /** Format: uuid */
                            book_uuid?: string;
                            chapter_number?: number;
                            chapter_title?: string;
                            /** Format: uuid */
                            chapter_uuid?: string;
                            /** @description Stable error code */
                            code: string;
                            /**
                             * Format: date-time
                             * @description Ext (issue 56): with `EARLY_ACCESS`, when the early access ends and the chapter joins the membership
                             */
                            early_access_until?: string;
                            /** @description Readable English message */
                            error: string;
                            /** Format: uuid */
                            next_chapter_uuid?: string | null;
                            /** @description Ext (issue 56): what would open this chapter for this reader now: `membership` (buying or renewing one; not for a chapter in early access that the book keeps from members), `coins` (an unlock: `unlock` says the price); empty while nothing can (early access without coins on) */
                            opened_by?: ("membership" | "coins")[];
                            /** Format: uuid */
                            prev_chapter_uuid?: string | null;
                            /** @description The book's title */
                            title?: string;
                            unlock?: {
                                /** @description The reader’s coins; null for a visitor */
                                balance: number | null;
                                /**
                                 * Format: date-time
                                 * @description Wait-for-free: when the reader’s next free unlock of this book is ready (now or past: ready); null when the book offers none or when a free unlock would not open this chapter (it opens the first locked chapter in reading order, never one in early access)
                                 */
                                free_unlock_at: string | null;
                                /** @description Coins for this chapter (the book page: the book’s price) */
                                price: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/comics/chapter/{chapter_uuid}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A page of a chapter's comments, or of a comment's replies (parent_uuid) */
        get: {
            parameters: {
                query: {
                    page: number;
                    page_size: number;
                    /** @description Ext: list the replies to this comment instead of the top-level comments */
                    parent_uuid?: string;
                    /** @description newest (default for comments), top (most liked), oldest (default for replies) */
                    sort?: "newest" | "top" | "oldest";
                };
                header?: never;
                path: {
                    chapter_uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Ext, on a page of top-level comments: the comments readers can reach under the chapter, replies included (the comments_count of chapter lists) */
                                comments_count?: number;
                                result: {
                                    /** @description The caller liked it (false for visitors) */
                                    already_liked: boolean;
                                    /** @description Plain text with line breaks; empty for a deleted comment kept for its replies */
                                    body: string;
                                    /** Format: uuid */
                                    comment_uuid: string;
                                    /** Format: date-time */
                                    created_at: string;
                                    /** @description Ext: deleted, shown as a tombstone because it has replies */
                                    deleted?: boolean;
                                    /**
                                     * Format: date-time
                                     * @description Set once the author edits the comment: clients show "edited"
                                     */
                                    edited_at: string | null;
                                    /** @description True only on the caller's own comment that readers do not see (held by the word filter or hidden by a moderator) */
                                    hidden: boolean;
                                    /** @description Ext, only on the caller's own hidden comment: held by the word filter (waiting for a moderator) or hidden by a moderator */
                                    hidden_by?: "word_filter" | "moderator";
                                    hidden_reason?: ("spam" | "harassment" | "spoiler" | "off_topic" | "other") | (never | null);
                                    likes: number;
                                    /** @description Ext: the caller wrote it (may edit and delete it) */
                                    mine?: boolean;
                                    /**
                                     * Format: uuid
                                     * @description The comment this one replies to; null for a top-level comment
                                     */
                                    parent_uuid: string | null;
                                    /** @description Replies readers see */
                                    replies_count: number;
                                    /** @description Clients hide the text until the reader taps it */
                                    spoiler: boolean;
                                    user: {
                                        /**
                                         * @description Ext (issue 43): the author deleted their account and chose to keep their comments; username is then the account's pseudonym (deleted-…), which clients show as "Deleted reader"
                                         * @enum {boolean}
                                         */
                                        deleted_reader?: true;
                                        username: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                }[];
                                /** @description Comments this list has for the caller (paging): top-level ones, or one comment’s replies */
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        /** Post a comment or a reply (one level: a reply to a reply joins its thread) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    chapter_uuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        body: string;
                        /** Format: uuid */
                        parent_uuid?: string;
                        spoiler?: boolean;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description The caller liked it (false for visitors) */
                                    already_liked: boolean;
                                    /** @description Plain text with line breaks; empty for a deleted comment kept for its replies */
                                    body: string;
                                    /** Format: uuid */
                                    comment_uuid: string;
                                    /** Format: date-time */
                                    created_at: string;
                                    /** @description Ext: deleted, shown as a tombstone because it has replies */
                                    deleted?: boolean;
                                    /**
                                     * Format: date-time
                                     * @description Set once the author edits the comment: clients show "edited"
                                     */
                                    edited_at: string | null;
                                    /** @description True only on the caller's own comment that readers do not see (held by the word filter or hidden by a moderator) */
                                    hidden: boolean;
                                    /** @description Ext, only on the caller's own hidden comment: held by the word filter (waiting for a moderator) or hidden by a moderator */
                                    hidden_by?: "word_filter" | "moderator";
                                    hidden_reason?: ("spam" | "harassment" | "spoiler" | "off_topic" | "other") | (never | null);
                                    likes: number;
                                    /** @description Ext: the caller wrote it (may edit and delete it) */
                                    mine?: boolean;
                                    /**
                                     * Format: uuid
                                     * @description The comment this one replies to; null for a top-level comment
                                     */
                                    parent_uuid: string | null;
                                    /** @description Replies readers see */
                                    replies_count: number;
                                    /** @description Clients hide the text until the reader taps it */
                                    spoiler: boolean;
                                    user: {
                                        /**
                                         * @description Ext (issue 43): the author deleted their account and chose to keep their comments; username is then the account's pseudonym (deleted-…), which clients show as "Deleted reader"
                                         * @enum {boolean}
                                         */
                                        deleted_reader?: true;
                                        username: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                };
                            };
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Ext, with COMMENT_BANNED: the moderator’s reason */
                            ban_reason?: string;
                            /**
                             * Format: date-time
                             * @description Ext, with COMMENT_BANNED: when the ban ends; null: for good
                             */
                            banned_until?: string | null;
                            /** @description Stable error code */
                            code: string;
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            /** @description Readable English message */
                            error: string;
                            /**
                             * Format: date-time
                             * @description Ext, with LINKS_NOT_ALLOWED: when the account may post links
                             */
                            links_allowed_at?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/comics/chapter/auto_unlock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ext: the reader reached the end of this chapter: auto-unlock the next one if they opted in and their cap allows */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description The chapter the reader reached the end of
                         */
                        chapter_uuid: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    balance: number;
                                    skipped: ("off" | "no_next" | "readable" | "over_cap" | "insufficient_coins") | (never | null);
                                    unlocked: {
                                        chapter_number: number;
                                        /** Format: uuid */
                                        chapter_uuid: string;
                                        coins: number;
                                        /**
                                         * Format: date-time
                                         * @description Undo gives the coins back until then
                                         */
                                        undo_until: string;
                                    } | null;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/comics/chapter/auto_unlock/undo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ext: undo an auto-unlock within its minute: the chapter locks again and the coins come back, once */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description The chapter auto-unlock opened
                         */
                        chapter_uuid: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    balance: number;
                                    refunded: number;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/comics/chapter/favor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Like a chapter (once per user) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        book_uuid: string;
                        /** Format: uuid */
                        chapter_uuid: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @enum {boolean} */
                                    already_favor: true;
                                    total_likes: number;
                                };
                            };
                        };
                    };
                };
            };
        };
        /** Ext: take back a chapter like (the same body as the like; none there: no change) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        book_uuid: string;
                        /** Format: uuid */
                        chapter_uuid: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @enum {boolean} */
                                    already_favor: false;
                                    total_likes: number;
                                };
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/comics/chapter/rent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ext: rent a paid chapter for the book's rental days at its rental price */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        chapter_uuid: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    balance: number;
                                    /** Format: uuid */
                                    chapter_uuid: string;
                                    /**
                                     * Format: date-time
                                     * @description The rental ends then: the chapter closes on every URL, and a saved copy with it
                                     */
                                    rented_until: string;
                                };
                            };
                        };
                    };
                };
                /** @description Default Response */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            balance?: number;
                            code: string;
                            error: string;
                            price?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/comics/chapter/unlock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ext: unlock a paid chapter (and the next locked ones) with coins, for good */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        chapter_uuid: string;
                        /** @description This chapter and the next locked ones after it, in reading order (default 1); all or none */
                        count?: number;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    balance: number;
                                    unlocked: string[];
                                };
                            };
                        };
                    };
                };
                /** @description Default Response */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            balance?: number;
                            code: string;
                            error: string;
                            price?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/comics/chapter/unlock_free": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ext: wait-for-free: unlock the reader's first locked chapter of the book (or only the named one), when ready */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        book_uuid: string;
                        /**
                         * Format: uuid
                         * @description Ext (issue 56): the chapter the reader means to open; refused (409 FREE_UNLOCK_OTHER_CHAPTER, nothing unlocked) unless it is the one a free unlock opens now
                         */
                        chapter_uuid?: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** Format: uuid */
                                    chapter_uuid: string;
                                    /** Format: date-time */
                                    next_free_at: string;
                                };
                            };
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            error: string;
                            /** Format: date-time */
                            free_unlock_at?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/comics/chapters/{bookId}/{language}/{direction}/{page}/{pageSize}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A book with a page of its chapter list */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    bookId: string;
                    direction: "asc" | "desc";
                    /** @description zh-cn, en-us, fr-fr, es-es or ar-sa (case-insensitive) */
                    language: string;
                    page: number;
                    pageSize: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Ext: other names readers know the book by ("also known as"), in order; empty when none */
                                    alternate_titles: {
                                        /** @description A BCP 47 tag */
                                        language: string | null;
                                        title: string;
                                    }[];
                                    /** @description Who wrote or drew the book; null when unknown */
                                    author: string | null;
                                    book_introduction: string;
                                    book_tags: string[];
                                    book_title: string;
                                    book_type: "comic" | "novel";
                                    /** Format: uuid */
                                    book_uuid: string;
                                    chapters: {
                                        chapter_number: number;
                                        /** Format: uuid */
                                        chapter_uuid: string;
                                        /** @description Ext: comments readers can reach under the chapter: visible top-level comments and the visible replies under them or under a deleted one (absent with COMMUNITY=off) */
                                        comments_count?: number;
                                        cover_image: string | null;
                                        /** Format: date-time */
                                        created_at: string;
                                        /**
                                         * Format: date-time
                                         * @description Ext (issue 42): in early access until then (coin unlocks, and members where the book says so); absent otherwise
                                         */
                                        early_access_until?: string;
                                        is_free: boolean;
                                        title: string;
                                    }[];
                                    content_descriptors?: ("violence" | "gore" | "sexual_content" | "nudity" | "language" | "drugs" | "horror" | "self_harm")[];
                                    /** @description Ext (issue 61): the content rating, from the mildest: all_ages, teen, mature, adult */
                                    content_rating?: "all_ages" | "teen" | "mature" | "adult";
                                    cover_image: string | null;
                                    /** @description The cover in several widths, as an HTML srcset: "/media/covers/…-240.webp 240w, …" */
                                    cover_srcset?: string | null;
                                    /** @description Ext (issue 46): the people credited, authors first then artists, each linking to /author/{slug} */
                                    creators: {
                                        name: string;
                                        role: "author" | "artist";
                                        slug: string;
                                    }[];
                                    /** @description Ext (issue 46): when the next chapter is due; null when the book is completed or nothing is known */
                                    next_release: {
                                        /** @description The regular publishing days; empty: none */
                                        days: number[];
                                        /**
                                         * Format: date-time
                                         * @description The next scheduled chapter, or the next regular publishing moment; null: none known
                                         */
                                        next_chapter_at: string | null;
                                        /** @description HH:MM in time_zone; null: no set time */
                                        time: string | null;
                                        time_zone: string;
                                    } | null;
                                    public_free_chapters: number;
                                    /** @description Ext: the Bayesian average rating (docs/COMMUNITY.md), 1 to 10, one decimal; null until the book has 5 ratings (RATING_CARD_MIN_COUNT) */
                                    rating_average?: number | null;
                                    /** @description Ext: how many readers rated the book */
                                    rating_count?: number;
                                    /** @description Ext (issue 45): the book's reading direction and default mode, as the operator set them */
                                    reading: {
                                        /** @description ltr: pages turn left to right; rtl: right to left (manga) */
                                        direction: "ltr" | "rtl";
                                        /** @description strip: one long vertical strip; single: one page at a time; double: two pages side by side */
                                        mode: "strip" | "single" | "double";
                                    };
                                    /** @description Whether new chapters are still coming */
                                    status: "ongoing" | "completed";
                                    total_chapters: number;
                                    /** @description Likes of all the book's chapters */
                                    total_likes: number;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/comics/comment/{comment_uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete your comment */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    comment_uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @enum {boolean} */
                                    deleted: true;
                                };
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Edit your comment (text and spoiler mark) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    comment_uuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        body?: string;
                        spoiler?: boolean;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description The caller liked it (false for visitors) */
                                    already_liked: boolean;
                                    /** @description Plain text with line breaks; empty for a deleted comment kept for its replies */
                                    body: string;
                                    /** Format: uuid */
                                    comment_uuid: string;
                                    /** Format: date-time */
                                    created_at: string;
                                    /** @description Ext: deleted, shown as a tombstone because it has replies */
                                    deleted?: boolean;
                                    /**
                                     * Format: date-time
                                     * @description Set once the author edits the comment: clients show "edited"
                                     */
                                    edited_at: string | null;
                                    /** @description True only on the caller's own comment that readers do not see (held by the word filter or hidden by a moderator) */
                                    hidden: boolean;
                                    /** @description Ext, only on the caller's own hidden comment: held by the word filter (waiting for a moderator) or hidden by a moderator */
                                    hidden_by?: "word_filter" | "moderator";
                                    hidden_reason?: ("spam" | "harassment" | "spoiler" | "off_topic" | "other") | (never | null);
                                    likes: number;
                                    /** @description Ext: the caller wrote it (may edit and delete it) */
                                    mine?: boolean;
                                    /**
                                     * Format: uuid
                                     * @description The comment this one replies to; null for a top-level comment
                                     */
                                    parent_uuid: string | null;
                                    /** @description Replies readers see */
                                    replies_count: number;
                                    /** @description Clients hide the text until the reader taps it */
                                    spoiler: boolean;
                                    user: {
                                        /**
                                         * @description Ext (issue 43): the author deleted their account and chose to keep their comments; username is then the account's pseudonym (deleted-…), which clients show as "Deleted reader"
                                         * @enum {boolean}
                                         */
                                        deleted_reader?: true;
                                        username: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    };
                                };
                            };
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Ext, with COMMENT_BANNED: the moderator’s reason */
                            ban_reason?: string;
                            /**
                             * Format: date-time
                             * @description Ext, with COMMENT_BANNED: when the ban ends; null: for good
                             */
                            banned_until?: string | null;
                            /** @description Stable error code */
                            code: string;
                            details?: {
                                field: string;
                                message: string;
                            }[];
                            /** @description Readable English message */
                            error: string;
                            /**
                             * Format: date-time
                             * @description Ext, with LINKS_NOT_ALLOWED: when the account may post links
                             */
                            links_allowed_at?: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/comics/comment/{comment_uuid}/like": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Like a comment (once per reader) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    comment_uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    already_liked: boolean;
                                    likes: number;
                                };
                            };
                        };
                    };
                };
            };
        };
        /** Ext: take back a like */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    comment_uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    already_liked: boolean;
                                    likes: number;
                                };
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/comics/comment/{comment_uuid}/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Report a comment to the moderators (once per reader; again: no change) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    comment_uuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Ext: a few words for the moderators */
                        detail?: string;
                        /**
                         * @description Why the comment should be looked at
                         * @enum {unknown}
                         */
                        reason: "spam" | "harassment" | "spoiler" | "off_topic" | "other";
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @enum {boolean} */
                                    reported: true;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/comics/rankings/{kind}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext: a ranking (popular, top rated, rising, new, completed), at most 100 books, with each rank a period earlier */
        get: {
            parameters: {
                query: {
                    book_type?: "comic" | "novel";
                    /** @description zh-cn, en-us, fr-fr, es-es or ar-sa (case-insensitive) */
                    language?: string;
                    page: number;
                    page_size: number;
                    /** @description Readers counted over the last 24 hours, 7 days or 30 days (default week); popular and rising only, the others ignore it */
                    period?: "day" | "week" | "month";
                    /** @description Only books with this tag */
                    tag?: string;
                };
                header?: never;
                path: {
                    kind: "popular" | "top_rated" | "rising" | "new" | "completed";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /**
                                 * Format: date-time
                                 * @description When the figures behind the ranking were computed (every few minutes, in the background)
                                 */
                                computed_at: string;
                                kind: "popular" | "top_rated" | "rising" | "new" | "completed";
                                period: "day" | "week" | "month";
                                result: {
                                    book_title: string;
                                    book_type: "comic" | "novel";
                                    /** Format: uuid */
                                    book_uuid: string;
                                    /** @description Count of published chapters */
                                    chapter_number: number;
                                    /** @description Ext (issue 61): the content rating, from the mildest: all_ages, teen, mature, adult */
                                    content_rating?: "all_ages" | "teen" | "mature" | "adult";
                                    /** @description Ext (issue 61): true when this reader is shown the card blurred (a mature cover with blur_mature_covers, or an adult book they may not open: then cover_image is null) */
                                    cover_blurred?: boolean;
                                    cover_image: string | null;
                                    /** @description The cover in several widths, as an HTML srcset: "/media/covers/…-240.webp 240w, …" */
                                    cover_srcset?: string | null;
                                    /**
                                     * Format: date-time
                                     * @description When the book's first published chapter came out; null when none has
                                     */
                                    first_chapter_at?: string | null;
                                    /** @description The rank in the same list one period earlier; null: not in it (a new entry) */
                                    previous_rank: number | null;
                                    public_free_chapters: number;
                                    rank: number;
                                    /** @description Ext: the Bayesian average rating (docs/COMMUNITY.md), 1 to 10, one decimal; null until the book has 5 ratings (RATING_CARD_MIN_COUNT) */
                                    rating_average?: number | null;
                                    /** @description Ext: how many readers rated the book */
                                    rating_count?: number;
                                    /** @description Readers of the book in the period (popular, rising) or in the last 30 days (the others) */
                                    readers: number;
                                    tag1: string | null;
                                    tag2: string | null;
                                    tag3: string | null;
                                    /** @description Ext, with q only: the matched words of book_title as [start, end) UTF-16 offsets, in order and apart; null or absent without q */
                                    title_highlights?: number[][] | null;
                                    total_likes: number;
                                    /** Format: date-time */
                                    updated_at: string;
                                }[];
                                /** @description Entries in the ranking (at most 100) */
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/comics/schedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext (issue 46): the release calendar of a week in the reader's zone: books released, scheduled or publishing regularly each day, completed books apart */
        get: {
            parameters: {
                query?: {
                    /** @description zh-cn, en-us, fr-fr, es-es or ar-sa (case-insensitive) */
                    language?: string;
                    /** @description An IANA time zone, e.g. Asia/Shanghai (default UTC) */
                    time_zone?: string;
                    /** @description Any day (YYYY-MM-DD, in time_zone) of the week to show; default: the current week */
                    week?: string;
                    week_start?: "monday" | "sunday" | "saturday";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Completed books, most read first (at most 24): they publish no more */
                                completed: {
                                    book_title: string;
                                    book_type: "comic" | "novel";
                                    /** Format: uuid */
                                    book_uuid: string;
                                    /** @description Count of published chapters */
                                    chapter_number: number;
                                    /** @description Ext (issue 61): the content rating, from the mildest: all_ages, teen, mature, adult */
                                    content_rating?: "all_ages" | "teen" | "mature" | "adult";
                                    /** @description Ext (issue 61): true when this reader is shown the card blurred (a mature cover with blur_mature_covers, or an adult book they may not open: then cover_image is null) */
                                    cover_blurred?: boolean;
                                    cover_image: string | null;
                                    /** @description The cover in several widths, as an HTML srcset: "/media/covers/…-240.webp 240w, …" */
                                    cover_srcset?: string | null;
                                    /**
                                     * Format: date-time
                                     * @description When the book's first published chapter came out; null when none has
                                     */
                                    first_chapter_at?: string | null;
                                    public_free_chapters: number;
                                    /** @description Ext: the Bayesian average rating (docs/COMMUNITY.md), 1 to 10, one decimal; null until the book has 5 ratings (RATING_CARD_MIN_COUNT) */
                                    rating_average?: number | null;
                                    /** @description Ext: how many readers rated the book */
                                    rating_count?: number;
                                    tag1: string | null;
                                    tag2: string | null;
                                    tag3: string | null;
                                    /** @description Ext, with q only: the matched words of book_title as [start, end) UTF-16 offsets, in order and apart; null or absent without q */
                                    title_highlights?: number[][] | null;
                                    total_likes: number;
                                    /** Format: date-time */
                                    updated_at: string;
                                }[];
                                days: {
                                    /** @description By release time (books without a time last), then popularity; at most 100 */
                                    books: {
                                        book_title: string;
                                        book_type: "comic" | "novel";
                                        /** Format: uuid */
                                        book_uuid: string;
                                        /** @description Count of published chapters */
                                        chapter_number: number;
                                        /** @description Ext (issue 61): the content rating, from the mildest: all_ages, teen, mature, adult */
                                        content_rating?: "all_ages" | "teen" | "mature" | "adult";
                                        /** @description Ext (issue 61): true when this reader is shown the card blurred (a mature cover with blur_mature_covers, or an adult book they may not open: then cover_image is null) */
                                        cover_blurred?: boolean;
                                        cover_image: string | null;
                                        /** @description The cover in several widths, as an HTML srcset: "/media/covers/…-240.webp 240w, …" */
                                        cover_srcset?: string | null;
                                        /**
                                         * Format: date-time
                                         * @description When the book's first published chapter came out; null when none has
                                         */
                                        first_chapter_at?: string | null;
                                        public_free_chapters: number;
                                        /** @description Ext: the Bayesian average rating (docs/COMMUNITY.md), 1 to 10, one decimal; null until the book has 5 ratings (RATING_CARD_MIN_COUNT) */
                                        rating_average?: number | null;
                                        /** @description Ext: how many readers rated the book */
                                        rating_count?: number;
                                        /** @description released: a chapter came out that day; scheduled: a chapter is set to publish then; regular: one of the book's publishing days */
                                        release: "released" | "scheduled" | "regular";
                                        /**
                                         * Format: date-time
                                         * @description The moment of the release on that day: a scheduled chapter, a chapter already out, or the book's regular publishing time; null when the book has a publishing day without a time
                                         */
                                        release_at: string | null;
                                        tag1: string | null;
                                        tag2: string | null;
                                        tag3: string | null;
                                        /** @description Ext, with q only: the matched words of book_title as [start, end) UTF-16 offsets, in order and apart; null or absent without q */
                                        title_highlights?: number[][] | null;
                                        total_likes: number;
                                        /** Format: date-time */
                                        updated_at: string;
                                    }[];
                                    /** @description The day, YYYY-MM-DD in time_zone */
                                    date: string;
                                    is_today: boolean;
                                    /** @description ISO weekday: 1 Monday … 7 Sunday */
                                    weekday: number;
                                }[];
                                /** @description A day of the next week (for ?week=) */
                                next_week: string;
                                /** @description A day of the previous week (for ?week=) */
                                previous_week: string;
                                time_zone: string;
                                week_start: "monday" | "sunday" | "saturday";
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/config/public": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public site settings for the web app */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Ext (issue 42): coins are on (site setting coins_enabled) and the packs on sale; disabled: no packs */
                                    coins: {
                                        enabled: boolean;
                                        packs: {
                                            bonus_coins: number;
                                            bonus_expiry_days: number | null;
                                            coins: number;
                                            id: number;
                                            /** @description In fen (hundredths of a yuan), as the membership plans */
                                            price_fen: number;
                                            stripe_buy_button: string | null;
                                        }[];
                                    };
                                    /** @description Ext: chapter comments and book ratings are on (COMMUNITY, docs/COMMUNITY.md) */
                                    community: boolean;
                                    contact_email: string;
                                    default_language: string;
                                    languages: string[];
                                    payments: {
                                        stripe: {
                                            buy_buttons: {
                                                month: string | null;
                                                season: string | null;
                                            };
                                            enabled: boolean;
                                            publishable_key: string | null;
                                            /** @description Ext (issue 59): plans can be bought renewing on the card rail (renewing buy buttons on Stripe; in the sandbox, the order call with renewing) */
                                            renewing: boolean;
                                            /** @description Ext (issue 59): the buy buttons of the plans sold renewing (a Stripe subscription); null: that plan is sold one-time only (or the operator turned renewing off) */
                                            renewing_buy_buttons: {
                                                month: string | null;
                                                season: string | null;
                                            };
                                            sandbox: boolean;
                                        };
                                        wechat: {
                                            enabled: boolean;
                                            /** @description Ext (issue 59): plans can be bought renewing with WeChat Pay contract deduction (委托代扣: POST /payment/wechat/contract); false: WeChat Pay sells one-time only */
                                            renewing: boolean;
                                            sandbox: boolean;
                                        };
                                    };
                                    /** @description Ext (issue 60): the providers readers may sign in with: WeChat website login (WECHAT_LOGIN_APPID, or the sandbox) and the OpenID Connect providers (OIDC_PROVIDERS) */
                                    sign_in_providers: {
                                        id: string;
                                        /** @description The site languages that show this provider */
                                        languages: string[];
                                        /** @description oidc: an OpenID Connect provider (POST /sign-in/oidc/{id}/start); wechat: WeChat website login (POST /sign-in/wechat/start) */
                                        method: "oidc" | "wechat";
                                        /** @description The display name ("Continue with {name}") */
                                        name: string;
                                        /** @description The sandbox stands in for it (development only): no real account of the provider is used */
                                        sandbox: boolean;
                                    }[];
                                    site_name: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reading events (at most 50 per call) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        events: {
                            /**
                             * Format: date-time
                             * @description When it happened on the client; defaults to arrival time
                             */
                            at?: string;
                            /** Format: uuid */
                            book_uuid: string;
                            /** Format: uuid */
                            chapter_uuid?: string;
                            type: "start_reading" | "finish_reading" | "open_book";
                        }[];
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                accepted: number;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/legal/{kind}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext: the privacy policy or the terms of use as HTML, in `language` (else Accept-Language); an operator text in English, then the built-in text (version 0), when the language has none */
        get: {
            parameters: {
                query?: {
                    /** @description zh-cn, en-us, fr-fr, es-es or ar-sa (case-insensitive) */
                    language?: string;
                };
                header?: never;
                path: {
                    /** @description privacy or terms */
                    kind: "privacy" | "terms";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Rendered from Markdown and sanitised: safe to insert as it is */
                                html: string;
                                /** @description privacy or terms */
                                kind: "privacy" | "terms";
                                /** @description The language of the text served (en-us when the asked one has no published text) */
                                language: string;
                                /**
                                 * Format: date-time
                                 * @description When this version was published; null for the built-in text
                                 */
                                published_at: string | null;
                                /** @description 0: the built-in text; 1, 2, …: the operator's versions in this language */
                                version: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/lists/{listUuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext (issue 61): one list with its published books (others: unlisted or public and not hidden; else 404) */
        get: {
            parameters: {
                query?: {
                    /** @description zh-cn, en-us, fr-fr, es-es or ar-sa (case-insensitive) */
                    language?: string;
                };
                header?: never;
                path: {
                    listUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Published books in the list */
                                    book_count: number;
                                    books: {
                                        /** Format: date-time */
                                        added_at: string;
                                        book_title: string;
                                        book_type: "comic" | "novel";
                                        /** Format: uuid */
                                        book_uuid: string;
                                        cover_image: string | null;
                                        note: string | null;
                                        /** @description From 1 */
                                        position: number;
                                        total_chapters: number;
                                    }[];
                                    /** Format: date-time */
                                    created_at: string;
                                    description: string;
                                    /** @description A staff pick */
                                    featured: boolean;
                                    follower_count: number;
                                    /** @description The signed-in reader follows the list */
                                    following: boolean;
                                    /** @description Hidden by the moderators (only the owner and the console see it) */
                                    hidden: boolean;
                                    /** @description Only for the owner and the console */
                                    hidden_reason: string | null;
                                    /** Format: uuid */
                                    list_uuid: string;
                                    /** @description The signed-in reader owns the list */
                                    mine: boolean;
                                    name: string;
                                    owner_username: string;
                                    /** Format: date-time */
                                    updated_at: string;
                                    /** @description private: the owner only; unlisted: anyone with the link; public: listed on the reader’s lists, followable */
                                    visibility: "private" | "unlisted" | "public";
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/lists/staff-picks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext (issue 61): the public lists the site features (home page) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Published books in the list */
                                    book_count: number;
                                    /** Format: date-time */
                                    created_at: string;
                                    description: string;
                                    /** @description A staff pick */
                                    featured: boolean;
                                    follower_count: number;
                                    /** @description Hidden by the moderators (only the owner and the console see it) */
                                    hidden: boolean;
                                    /** @description Only for the owner and the console */
                                    hidden_reason: string | null;
                                    /** Format: uuid */
                                    list_uuid: string;
                                    name: string;
                                    owner_username: string;
                                    /** Format: date-time */
                                    updated_at: string;
                                    /** @description private: the owner only; unlisted: anyone with the link; public: listed on the reader’s lists, followable */
                                    visibility: "private" | "unlisted" | "public";
                                }[];
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mail/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which list an unsubscribe token leaves (changes nothing) */
        get: {
            parameters: {
                query: {
                    token: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @enum {unknown} */
                                list: "reminders" | "digest";
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        /** Leave a mailing list in one click (RFC 8058); no login, the token is the credential */
        post: {
            parameters: {
                query: {
                    token: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @enum {unknown} */
                                list: "reminders" | "digest";
                                /** @enum {boolean} */
                                unsubscribed: true;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/passkeys/authentication": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with a passkey; answers what POST /user/login answers (no two-step code: a passkey is both factors) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        credential: {
                            authenticatorAttachment?: "platform" | "cross-platform";
                            clientExtensionResults: {
                                credProps?: {
                                    rk?: boolean;
                                };
                            };
                            id: string;
                            rawId: string;
                            response: {
                                authenticatorData: string;
                                clientDataJSON: string;
                                signature: string;
                                userHandle?: string;
                            };
                            /** @enum {string} */
                            type: "public-key";
                        };
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /**
                                 * @description Ext (issue 43): only when this login cancelled a pending deletion of the account
                                 * @enum {boolean}
                                 */
                                deletion_cancelled?: true;
                                jwt_token: string;
                                username: string;
                                /** Format: uuid */
                                uuid: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/passkeys/authentication/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Options for navigator.credentials.get() to sign in with a passkey (discoverable: no allowCredentials) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    allowCredentials?: {
                                        id: string;
                                        transports?: string[];
                                        type: string;
                                    }[];
                                    challenge: string;
                                    rpId?: string;
                                    timeout?: number;
                                    userVerification?: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payment/sandbox/orders/{order_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sandbox only: the order shown on the sandbox checkout page (its owner, or the checkout link) */
        get: {
            parameters: {
                query?: {
                    checkout_token?: string;
                };
                header?: never;
                path: {
                    order_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    amount_fen: number;
                                    /** @description A coin pack: its coins with the bonus; 0 for a membership */
                                    coins: number;
                                    /**
                                     * @description Issue 59: a gift membership (absent otherwise)
                                     * @enum {boolean}
                                     */
                                    gift?: true;
                                    /** @description 0 for a coin pack */
                                    months: number;
                                    order_id: string;
                                    plan: "month" | "season" | "coins";
                                    status: "requires_action" | "succeeded" | "expired" | "failed";
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payment/sandbox/orders/{order_id}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox only: pay or fail an order, as a payer would (its owner, or the checkout link) */
        post: {
            parameters: {
                query?: {
                    checkout_token?: string;
                };
                header?: never;
                path: {
                    order_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        outcome: "succeeded" | "failed";
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    completed: boolean;
                                    gift?: {
                                        /** @description The one-use gift code (GIFT-XXXX-XXXX-XXXX-XXXX) */
                                        code: string;
                                        /** @description PUBLIC_URL/gift/<code>: the friend opens it, signs in and confirms */
                                        link: string;
                                    };
                                    status: "requires_action" | "succeeded" | "expired" | "failed";
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payment/sandbox/subscription/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox only: the simulated provider renews, fails or ends the reader's sandbox subscription */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description renewal_paid: the next period is paid (or the failed one, retried); renewal_failed: a renewal payment fails; period_end: a stopped or past-due subscription ends; terminated: the reader ended it at the provider (a WeChat contract terminated in WeChat): it ends now, the paid time stands */
                        event: "renewal_paid" | "renewal_failed" | "period_end" | "terminated";
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    can_cancel: boolean;
                                    can_manage_payment: boolean;
                                    can_resume: boolean;
                                    currency: string;
                                    /**
                                     * Format: date-time
                                     * @description The end of the paid time (the membership end)
                                     */
                                    ends_at: string | null;
                                    /**
                                     * Format: date-time
                                     * @description While past due: reading stops then unless the payment goes through
                                     */
                                    grace_until: string | null;
                                    plan: "month" | "season";
                                    price: number;
                                    /** @description wechat: a WeChat Pay deduction contract (委托代扣), charged by us before each period ends */
                                    provider: "stripe" | "sandbox" | "wechat";
                                    /**
                                     * Format: date-time
                                     * @description The next renewal (state renewing)
                                     */
                                    renews_at: string | null;
                                    state: "renewing" | "canceling" | "past_due" | "ended";
                                } | null;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payment/stripe/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stripe webhook: paid Checkout sessions of the buy buttons, and refunds
         * @description Called by Stripe, signed with the endpoint secret in the Stripe-Signature header. 200 once the event is applied or recorded for an admin; 400 WEBHOOK_SIGNATURE_INVALID for a missing, wrong or stale signature.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @enum {boolean} */
                                received: true;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payment/wechat/contract": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a WeChat Pay deduction contract for a plan: answers WeChat's signing page, shown as a QR code */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        plan: "month" | "season";
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Our out_contract_code: poll GET /payment/wechat/contract/{contract_code} */
                                    contract_code: string;
                                    currency: string;
                                    plan: "month" | "season";
                                    /** @description Each period, in fen */
                                    price: number;
                                    /** @description The signing page as a QR code image (data: URL), scanned with WeChat (only in the answer that created it) */
                                    qr_code: string | null;
                                    /** @description WeChat's signing page (only in the answer that created it) */
                                    sign_url: string | null;
                                    state: "waiting" | "signed" | "active" | "failed" | "ended";
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payment/wechat/contract/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where the reader's contract signing stands (the signing QR polls it) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    code: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Our out_contract_code: poll GET /payment/wechat/contract/{contract_code} */
                                    contract_code: string;
                                    currency: string;
                                    plan: "month" | "season";
                                    /** @description Each period, in fen */
                                    price: number;
                                    /** @description The signing page as a QR code image (data: URL), scanned with WeChat (only in the answer that created it) */
                                    qr_code: string | null;
                                    /** @description WeChat's signing page (only in the answer that created it) */
                                    sign_url: string | null;
                                    state: "waiting" | "signed" | "active" | "failed" | "ended";
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payment/wechat/notify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * WeChat Pay v3 payment and refund notifications (signed, AES-GCM encrypted)
         * @description 204 when applied; 4xx with {"code":"FAIL","message"} when rejected, so WeChat Pay retries.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payment/wechat/payment/china_book_membership/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a membership order; answers a QR code to pay */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Sandbox only: which button started it */
                        channel?: "wechat" | "card";
                        /** @description Issue 59: a gift membership (with `months` only): paying grants the buyer nothing and makes a one-use gift code (docs/PAYMENTS.md "Gifts") */
                        gift?: boolean;
                        /** @description 1 (month card) or 3 (season card); give this or `pack` */
                        months?: number;
                        /** @description Ext (issue 42): a coin pack id (public config `coins.packs`) instead of months */
                        pack?: number;
                        /** @description Ext (issue 59), sandbox only: buy the plan renewing (a sandbox subscription whose first period this order pays); on Stripe, renewing plans have buy buttons of their own */
                        renewing?: boolean;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                amount_fen: number;
                                /** Format: date-time */
                                expires_at: string;
                                order_id: string;
                                /** @description data: URL of the QR image */
                                qr_code: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payment/wechat/payment/status/{order_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Status of the user's order (polled every 3 s) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    order_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    completed: boolean;
                                    gift?: {
                                        /** @description The one-use gift code (GIFT-XXXX-XXXX-XXXX-XXXX) */
                                        code: string;
                                        /** @description PUBLIC_URL/gift/<code>: the friend opens it, signs in and confirms */
                                        link: string;
                                    };
                                    status: "requires_action" | "succeeded" | "expired" | "failed";
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/push/public-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The VAPID public key for subscribing */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description The VAPID public key (base64url), for pushManager.subscribe */
                                    public_key: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reader/book/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tags of published books, most used first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: string[];
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reader/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recently read chapters */
        get: {
            parameters: {
                query: {
                    /** @description zh-cn, en-us, fr-fr, es-es or ar-sa (case-insensitive) */
                    language?: string;
                    page: number;
                    page_size: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    book_title: string;
                                    book_type: "comic" | "novel";
                                    /** Format: uuid */
                                    book_uuid: string;
                                    chapter_number: number;
                                    chapter_title: string;
                                    /** Format: uuid */
                                    chapter_uuid: string;
                                    cover_image: string | null;
                                    finished: boolean;
                                    /** Format: date-time */
                                    read_at: string;
                                }[];
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Clear the history, read markers and Continue positions */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Chapters removed from the history */
                                    cleared: number;
                                };
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reader/offline/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ext: what the access rule says now of each chapter saved for offline reading (1 to 200 ids, in the order asked); a membership gives its end */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        chapters: string[];
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    chapters: {
                                        access: "free" | "member" | "granted" | "admin" | "members_only" | "expired" | "early_access" | "missing";
                                        /** Format: uuid */
                                        chapter_uuid: string;
                                        readable: boolean;
                                        /** Format: date-time */
                                        readable_until: string | null;
                                    }[];
                                    /**
                                     * Format: date-time
                                     * @description The server time of the check
                                     */
                                    checked_at: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reader/progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Continue reading: books with progress, most recent first */
        get: {
            parameters: {
                query: {
                    /** @description zh-cn, en-us, fr-fr, es-es or ar-sa (case-insensitive) */
                    language?: string;
                    limit: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    book_title: string;
                                    book_type: "comic" | "novel";
                                    /** Format: uuid */
                                    book_uuid: string;
                                    cover_image: string | null;
                                    resume: {
                                        chapter_number: number;
                                        chapter_title: string;
                                        /** Format: uuid */
                                        chapter_uuid: string;
                                        page_index: number | null;
                                        page_offset: number | null;
                                        text_fraction: number | null;
                                    };
                                    /** @description Published chapters */
                                    total_chapters: number;
                                    /** Format: date-time */
                                    updated_at: string;
                                }[];
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        /** Save reading positions (at most 20 per call; all or nothing) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        progress: {
                            /**
                             * Format: date-time
                             * @description When the reader was there (client clock); the newest position wins; defaults to arrival
                             */
                            at?: string;
                            /** Format: uuid */
                            book_uuid: string;
                            /** Format: uuid */
                            chapter_uuid: string;
                            /** @description The reader reached the end of the chapter */
                            finished?: boolean;
                            /** @description Comics: the page on screen, from 0 */
                            page_index?: number;
                            /** @description Comics: how far down that page, 0 to 1 (a webtoon page can be many screens tall) */
                            page_offset?: number;
                            /** @description Novels: how far through the text, 0 to 1 */
                            text_fraction?: number;
                        }[];
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    saved: number;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reader/progress/{bookUuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The reader's place in one book, finished chapters and follow state */
        get: {
            parameters: {
                query?: {
                    /** @description zh-cn, en-us, fr-fr, es-es or ar-sa (case-insensitive) */
                    language?: string;
                };
                header?: never;
                path: {
                    bookUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    finished_chapters: [
                                        number,
                                        number
                                    ][];
                                    /** @description Whether the logged-in reader follows the book (false for visitors) */
                                    following: boolean;
                                    resume: {
                                        chapter_number: number;
                                        chapter_title: string;
                                        /** Format: uuid */
                                        chapter_uuid: string;
                                        page_index: number | null;
                                        page_offset: number | null;
                                        text_fraction: number | null;
                                    } | null;
                                    /** Format: date-time */
                                    updated_at: string | null;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reader/progress/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move a visitor's progress into the logged-in account (newest wins) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The visitor id used before logging in */
                        visitor_id: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    merged_books: number;
                                    merged_chapters: number;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sign-in/external/create-account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ext (issue 60): make the account of a new provider sign-in, with the chosen user name */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        privacy_version?: number;
                        result: string;
                        terms_version?: number;
                        username: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /**
                                 * @description Ext (issue 43): only when this login cancelled a pending deletion of the account
                                 * @enum {boolean}
                                 */
                                deletion_cancelled?: true;
                                jwt_token: string;
                                username: string;
                                /** Format: uuid */
                                uuid: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sign-in/external/link-with-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ext (issue 60): link the provider to the account its verified address belongs to, with that account's password */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        password: string;
                        result: string;
                        /** @description A 6-digit code of the authenticator app, or a recovery code (xxxx-xxxx-xxxx) */
                        totp_code?: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /**
                                 * @description Ext (issue 43): only when this login cancelled a pending deletion of the account
                                 * @enum {boolean}
                                 */
                                deletion_cancelled?: true;
                                jwt_token: string;
                                username: string;
                                /** Format: uuid */
                                uuid: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sign-in/external/result": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ext (issue 60): trade the one-time result of a finished provider sign-in for the session or the next step */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        result: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description The provider's address (for choose_username and link_with_password) */
                                    email: string | null;
                                    login: {
                                        /**
                                         * @description Ext (issue 43): only when this login cancelled a pending deletion of the account
                                         * @enum {boolean}
                                         */
                                        deletion_cancelled?: true;
                                        jwt_token: string;
                                        username: string;
                                        /** Format: uuid */
                                        uuid: string;
                                    } | null;
                                    proposed_username: string | null;
                                    provider: string;
                                    provider_name: string;
                                    return_to: string | null;
                                    /** @description signed_in: `login` holds the session; totp_required: the account has two-step sign-in, POST …/two-step; choose_username: a new account, POST …/create-account; link_with_password: the verified address is an existing account’s, prove it with POST …/link-with-password (or create a separate account); linked: the provider was linked to the signed-in account */
                                    status: "signed_in" | "totp_required" | "choose_username" | "link_with_password" | "linked";
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sign-in/external/two-step": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ext (issue 60): the two-step code of an account signed in to through a provider */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        result: string;
                        /** @description A 6-digit code of the authenticator app, or a recovery code (xxxx-xxxx-xxxx) */
                        totp_code: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /**
                                 * @description Ext (issue 43): only when this login cancelled a pending deletion of the account
                                 * @enum {boolean}
                                 */
                                deletion_cancelled?: true;
                                jwt_token: string;
                                username: string;
                                /** Format: uuid */
                                uuid: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sign-in/oidc/{provider}/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext (issue 60): where the provider sends the browser back; redirects to the web page /sign-in/finish */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    provider: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sign-in/oidc/{provider}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ext (issue 60): start a sign-in with an OpenID provider; the browser goes to the answer's authorization_url */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    provider: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A path of this site to return to */
                        return_to?: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description The provider's authorization URL: the browser navigates there */
                                    authorization_url: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sign-in/wechat/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext (issue 60): where WeChat sends the browser back (code and state); redirects to the web page /sign-in/finish */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sign-in/wechat/sandbox/scan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox only (issue 60): a reader "scans" the sandbox WeChat QR code as a nickname, or declines */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The sandbox WeChat user who scans (the same nickname is the same user); null: they decline */
                        nickname: string | null;
                        state: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Where WeChat would send the browser: the site's callback with code and state */
                                    redirect_url: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sign-in/wechat/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ext (issue 60): start a WeChat sign-in (the QR page, snsapi_login); the browser goes to the answer's authorization_url */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A path of this site to return to */
                        return_to?: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description The provider's authorization URL: the browser navigates there */
                                    authorization_url: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/age_confirmation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext (issue 61): whether the reader confirmed they are of age, and the site's adult books setting */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Ext (issue 61): off (no reader sees an adult book) or confirmed_readers (signed-in readers who confirmed their age) */
                                    adult_books: "off" | "confirmed_readers";
                                    confirmed: boolean;
                                    /** Format: date-time */
                                    confirmed_at: string | null;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        /** Ext (issue 61): the reader confirms they are of age (kept: the first moment stays) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description The reader says they are 18 or older (or of age where they live)
                         * @enum {boolean}
                         */
                        confirm: true;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Ext (issue 61): off (no reader sees an adult book) or confirmed_readers (signed-in readers who confirmed their age) */
                                    adult_books: "off" | "confirmed_readers";
                                    confirmed: boolean;
                                    /** Format: date-time */
                                    confirmed_at: string | null;
                                };
                            };
                        };
                    };
                };
            };
        };
        /** Ext (issue 61): the reader withdraws their age confirmation */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Ext (issue 61): off (no reader sees an adult book) or confirmed_readers (signed-in readers who confirmed their age) */
                                    adult_books: "off" | "confirmed_readers";
                                    confirmed: boolean;
                                    /** Format: date-time */
                                    confirmed_at: string | null;
                                };
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Replies to your comments, newest first, with the unread count */
        get: {
            parameters: {
                query: {
                    /** @description zh-cn, en-us, fr-fr, es-es or ar-sa (case-insensitive) */
                    language?: string;
                    page: number;
                    page_size: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    alert_id: number;
                                    book: {
                                        /** Format: uuid */
                                        book_uuid: string;
                                        /** @description In the asked language, with the API's usual fallback */
                                        title: string;
                                    };
                                    chapter: {
                                        chapter_number: number;
                                        /** Format: uuid */
                                        chapter_uuid: string;
                                        title: string;
                                    };
                                    /**
                                     * Format: date-time
                                     * @description When the reply was posted
                                     */
                                    created_at: string;
                                    parent: {
                                        /** @description The first 140 characters of the reader's own comment (empty once deleted) */
                                        body: string;
                                        /** Format: uuid */
                                        comment_uuid: string;
                                    };
                                    read: boolean;
                                    reply: {
                                        /** @description The first 140 characters of the reply, plain text on one line ("…" when cut) */
                                        body: string;
                                        /** Format: uuid */
                                        comment_uuid: string;
                                        /** @description The replier marked it as a spoiler: clients hide the text until tapped */
                                        spoiler: boolean;
                                        user: {
                                            /**
                                             * @description Ext (issue 43): the author deleted their account and chose to keep their comments; username is then the account's pseudonym (deleted-…), which clients show as "Deleted reader"
                                             * @enum {boolean}
                                             */
                                            deleted_reader?: true;
                                            username: string;
                                            /** Format: uuid */
                                            uuid: string;
                                        };
                                    };
                                }[];
                                total: number;
                                /** @description Unread alerts in all pages */
                                unread: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/alerts/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark some of your alerts (alert_ids, at most 100) or all of them (all: true) read */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The caller's alerts to mark read (others' ids are ignored) */
                        alert_ids?: number[];
                        /**
                         * @description Mark every alert of the caller read
                         * @enum {boolean}
                         */
                        all?: true;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    unread: number;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/because_you_read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext: "because you read X": the also-read row of one of your recent books */
        get: {
            parameters: {
                query?: {
                    /** @description zh-cn, en-us, fr-fr, es-es or ar-sa (case-insensitive) */
                    language?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description The book the row is about; null: nothing to suggest */
                                basis: {
                                    book_title: string;
                                    /** Format: uuid */
                                    book_uuid: string;
                                } | null;
                                result: {
                                    book_title: string;
                                    book_type: "comic" | "novel";
                                    /** Format: uuid */
                                    book_uuid: string;
                                    /** @description Count of published chapters */
                                    chapter_number: number;
                                    /** @description Ext (issue 61): the content rating, from the mildest: all_ages, teen, mature, adult */
                                    content_rating?: "all_ages" | "teen" | "mature" | "adult";
                                    /** @description Ext (issue 61): true when this reader is shown the card blurred (a mature cover with blur_mature_covers, or an adult book they may not open: then cover_image is null) */
                                    cover_blurred?: boolean;
                                    cover_image: string | null;
                                    /** @description The cover in several widths, as an HTML srcset: "/media/covers/…-240.webp 240w, …" */
                                    cover_srcset?: string | null;
                                    /**
                                     * Format: date-time
                                     * @description When the book's first published chapter came out; null when none has
                                     */
                                    first_chapter_at?: string | null;
                                    public_free_chapters: number;
                                    /** @description Ext: the Bayesian average rating (docs/COMMUNITY.md), 1 to 10, one decimal; null until the book has 5 ratings (RATING_CARD_MIN_COUNT) */
                                    rating_average?: number | null;
                                    /** @description Ext: how many readers rated the book */
                                    rating_count?: number;
                                    tag1: string | null;
                                    tag2: string | null;
                                    tag3: string | null;
                                    /** @description Ext, with q only: the matched words of book_title as [start, end) UTF-16 offsets, in order and apart; null or absent without q */
                                    title_highlights?: number[][] | null;
                                    total_likes: number;
                                    /** Format: date-time */
                                    updated_at: string;
                                }[];
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/book/auto_unlock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Ext: turn the reader's auto-unlock of a book on (with a spending cap) or off */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        book_uuid: string;
                        /** @description Coins auto-unlock may spend in all; required to turn it on */
                        cap?: number;
                        enabled: boolean;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    cap: number | null;
                                    enabled: boolean;
                                    /** @description What auto-unlock spent under this opt-in (undone ones not counted) */
                                    spent: number;
                                };
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/book/membership": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Membership expiry; null for visitors and non-members */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /**
                                     * Format: date-time
                                     * @description When the membership ends (or ended)
                                     */
                                    expire_at: string;
                                    is_expired: boolean;
                                } | null;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/book/unlock_all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext: the chapters of a book still locked for the reader and what unlocking them all costs now */
        get: {
            parameters: {
                query: {
                    book_uuid: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    balance: number;
                                    chapters: {
                                        chapter_number: number;
                                        /** Format: uuid */
                                        chapter_uuid: string;
                                        price: number;
                                    }[];
                                    /** @description What unlocking them all costs now: confirm with it */
                                    total: number;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/book/unlocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext: the reader's unlocks of a book: price, wait-for-free, chapters held */
        get: {
            parameters: {
                query: {
                    book_uuid: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description The reader's auto-unlock of this book: their cap and what it spent under this opt-in; null: off */
                                    auto_unlock: {
                                        cap: number;
                                        spent: number;
                                    } | null;
                                    balance: number;
                                    /** @description Chapters whose price differs from the book’s, by chapter uuid */
                                    chapter_prices: {
                                        [key: string]: number;
                                    };
                                    /**
                                     * Format: date-time
                                     * @description When the next free unlock is ready (past: ready now)
                                     */
                                    free_unlock_at: string | null;
                                    /**
                                     * Format: uuid
                                     * @description The chapter a free unlock would open now: the first locked one in reading order
                                     */
                                    free_unlock_chapter_uuid: string | null;
                                    /** @description The book can be unlocked chapter by chapter with coins */
                                    offered: boolean;
                                    /** @description The book's price per chapter (a chapter may differ: the chapter list says) */
                                    price: number | null;
                                    /** @description How many days a rental opens a chapter for */
                                    rental_days: number | null;
                                    /** @description Coins to rent one chapter; null: the book rents none */
                                    rental_price: number | null;
                                    /** @description Chapters the reader reads by a rental, by chapter uuid: until when (server-decided) */
                                    rented: {
                                        [key: string]: string;
                                    };
                                    /** @description Chapters of this book the reader holds for good (coins, free unlocks, gifts) */
                                    unlocked: string[];
                                    wait_free_hours: number | null;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/community": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the caller may do in the community: a ban and its reason, when links are allowed */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    ban_reason: string | null;
                                    banned: boolean;
                                    /**
                                     * Format: date-time
                                     * @description Null with banned: for good
                                     */
                                    banned_until: string | null;
                                    /** @description False while the account is younger than the site setting (24 hours by default) */
                                    links_allowed: boolean;
                                    /**
                                     * Format: date-time
                                     * @description When links become allowed, while they are not
                                     */
                                    links_allowed_at: string | null;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/coupon/redeem": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Redeem a coupon for membership time */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Coupon code (case-insensitive) */
                        code: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /**
                                     * Format: date-time
                                     * @description When the membership ends (or ended)
                                     */
                                    expire_at: string;
                                    is_expired: boolean;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/data_export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext: your newest archive (null: none yet) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                export: {
                                    /** @description Only while ready: the signed download path (/api/v1/user/data_export/{uuid}/download?expires=…&sig=…); it also needs the login token */
                                    download_url: string | null;
                                    /** @description Downloadable until then (epoch ms): 7 days after ready_at */
                                    expires_at: number | null;
                                    /** @description When the reader may ask for the next archive (epoch ms; now or past: now) */
                                    next_export_at: number;
                                    /** @description When the archive was ready (epoch ms) */
                                    ready_at: number | null;
                                    /** @description When it was asked for (epoch ms) */
                                    requested_at: number;
                                    /** @description The ZIP archive size in bytes */
                                    size_bytes: number | null;
                                    state: "queued" | "building" | "ready" | "failed" | "expired";
                                    /** Format: uuid */
                                    uuid: string;
                                } | null;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        /** Ext: ask for an archive of everything the site holds about you (one a day); built in the background */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                export: {
                                    /** @description Only while ready: the signed download path (/api/v1/user/data_export/{uuid}/download?expires=…&sig=…); it also needs the login token */
                                    download_url: string | null;
                                    /** @description Downloadable until then (epoch ms): 7 days after ready_at */
                                    expires_at: number | null;
                                    /** @description When the reader may ask for the next archive (epoch ms; now or past: now) */
                                    next_export_at: number;
                                    /** @description When the archive was ready (epoch ms) */
                                    ready_at: number | null;
                                    /** @description When it was asked for (epoch ms) */
                                    requested_at: number;
                                    /** @description The ZIP archive size in bytes */
                                    size_bytes: number | null;
                                    state: "queued" | "building" | "ready" | "failed" | "expired";
                                    /** Format: uuid */
                                    uuid: string;
                                };
                            };
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            error: string;
                            next_export_at?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/data_export/{uuid}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext: the archive (application/zip), with the signed link of download_url and your login; once a minute */
        get: {
            parameters: {
                query: {
                    /** @description From download_url: milliseconds, digits without a leading zero */
                    expires: string;
                    /** @description From download_url */
                    sig: string;
                };
                header?: never;
                path: {
                    uuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description The ZIP archive (application/zip) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/deletion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext: what deleting the account would take away and keep, before the reader confirms */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                consequences: {
                                    /** @description Coins left in the wallet, lost at erasure */
                                    coins: number;
                                    /** @description The reader's comments (not deleted) */
                                    comments: number;
                                    /** @description The end of the membership time that would be lost (epoch ms); null: none */
                                    member_until: number | null;
                                    /** @description Paid orders: kept in the ledger without the person */
                                    paid_orders: number;
                                    /** @description Score-only ratings (no review text), removed (and taken out of the averages) */
                                    ratings: number;
                                    /** @description Ratings with a review text, removed (and taken out of the averages) */
                                    reviews: number;
                                };
                                /** @enum {number} */
                                grace_days: 14;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        /** Ext: delete the account after a 14-day grace period (password and two-step code needed); signs out everywhere; logging in again cancels it */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The two-step code (or a recovery code) when two-step sign-in is on */
                        code?: string;
                        /** @description remove: the reader's comments are deleted at erasure; keep: they stay, shown as a deleted reader's */
                        comments: "remove" | "keep";
                        password: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                deletion: {
                                    /** @description remove: the reader's comments are deleted at erasure; keep: they stay, shown as a deleted reader's */
                                    comments: "remove" | "keep";
                                    erase_at: number;
                                    requested_at: number;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set or change the e-mail address (current password and two-step code needed); a confirmation link is sent to it (the same address again: sent again) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The current password: needed unless the same unconfirmed address is sent again (403 WRONG_PASSWORD) */
                        current_password?: string;
                        /** @description An e-mail address (at most 254 characters, no IP literals) */
                        email: string;
                        /** @description A 6-digit code of the authenticator app, or a recovery code (xxxx-xxxx-xxxx) */
                        totp_code?: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    email: string;
                                    email_confirmed: boolean;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/email/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm an e-mail address with the link's token (no login needed) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @enum {boolean} */
                                    confirmed: true;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/email/preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The reader's choices about membership reminders, the new-chapter digest and reply notices */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    digest: boolean;
                                    reminders: boolean;
                                    replies?: boolean;
                                };
                            };
                        };
                    };
                };
            };
        };
        /** Join or leave membership reminders, the new-chapter digest (once the address is confirmed) and reply notices (Web Push and the digest) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        digest?: boolean;
                        reminders?: boolean;
                        replies?: boolean;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    digest: boolean;
                                    reminders: boolean;
                                    replies?: boolean;
                                };
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/feed_keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The reader's live feed keys (without the keys) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** Format: date-time */
                                    created_at: string;
                                    key_id: number;
                                    /**
                                     * Format: date-time
                                     * @description The last feed request with it (recorded at most once a minute); null: never used
                                     */
                                    last_used_at: string | null;
                                    name: string;
                                }[];
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create a feed key for a reading app; the key and its feed URLs are shown this once */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description What the reader calls it (e.g. "KOReader on my e-reader"), 1–40 characters */
                        name: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description The key itself (43 characters, base64url): shown this once, stored only hashed */
                                    key: string;
                                    key_id: number;
                                    name: string;
                                    /** @description The OPDS 1.2 root feed with the key in its path, usable as it is by an app */
                                    url: string;
                                    /** @description The OPDS 2.0 root feed with the key in its path */
                                    url_v2: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/feed_keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a feed key: feeds with it answer 401 at once */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    key_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @enum {boolean} */
                                    revoked: true;
                                };
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/followed-lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext (issue 61): the public lists the reader follows */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Published books in the list */
                                    book_count: number;
                                    /** Format: date-time */
                                    created_at: string;
                                    description: string;
                                    /** @description A staff pick */
                                    featured: boolean;
                                    follower_count: number;
                                    /** @description Hidden by the moderators (only the owner and the console see it) */
                                    hidden: boolean;
                                    /** @description Only for the owner and the console */
                                    hidden_reason: string | null;
                                    /** Format: uuid */
                                    list_uuid: string;
                                    name: string;
                                    owner_username: string;
                                    /** Format: date-time */
                                    updated_at: string;
                                    /** @description private: the owner only; unlisted: anyone with the link; public: listed on the reader’s lists, followable */
                                    visibility: "private" | "unlisted" | "public";
                                }[];
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/follows/{bookUuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Follow a book */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    bookUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    following: boolean;
                                };
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        /** Stop following a book */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    bookUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    following: boolean;
                                };
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/gifts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Gift memberships the reader bought, with their state (the code only right after the payment) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** Format: date-time */
                                    bought_at: string;
                                    months: number;
                                    order_id: string;
                                    plan: "month" | "season";
                                    provider: "wechat" | "stripe" | "sandbox";
                                    /** Format: date-time */
                                    redeemed_at: string | null;
                                    reveal?: {
                                        /** @description The one-use gift code (GIFT-XXXX-XXXX-XXXX-XXXX) */
                                        code: string;
                                        /** @description PUBLIC_URL/gift/<code>: the friend opens it, signs in and confirms */
                                        link: string;
                                    };
                                    state: "unredeemed" | "redeemed" | "cancelled";
                                }[];
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/invite_code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's invitation code */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    invite_code: string;
                                    invited_count: number;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/library": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Followed books, most recently updated first, with unread new chapters */
        get: {
            parameters: {
                query?: {
                    /** @description zh-cn, en-us, fr-fr, es-es or ar-sa (case-insensitive) */
                    language?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    book_title: string;
                                    book_type: "comic" | "novel";
                                    /** Format: uuid */
                                    book_uuid: string;
                                    cover_image: string | null;
                                    /** Format: date-time */
                                    followed_at: string;
                                    resume: {
                                        chapter_number: number;
                                        chapter_title: string;
                                        /** Format: uuid */
                                        chapter_uuid: string;
                                        page_index: number | null;
                                        page_offset: number | null;
                                        text_fraction: number | null;
                                    } | null;
                                    /** @description Published chapters */
                                    total_chapters: number;
                                    /** @description Chapters published since the follow that the reader has not opened */
                                    unread_count: number;
                                    /**
                                     * Format: date-time
                                     * @description When the book last changed (a chapter was added)
                                     */
                                    updated_at: string;
                                }[];
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/library/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many followed books have unread new chapters (and, ext, how many reply alerts are unread) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Ext (issue 31): unread replies to the reader's comments; absent when the community is off */
                                    unread_alerts?: number;
                                    /** @description Followed books with at least one unread new chapter */
                                    unread_books: number;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/linked-identities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext (issue 60): the reader's linked sign-in providers */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description False for an account made through a provider that has set no password yet */
                                    has_password: boolean;
                                    identities: {
                                        email: string | null;
                                        id: number;
                                        /** Format: date-time */
                                        last_used_at: string | null;
                                        /** Format: date-time */
                                        linked_at: string;
                                        provider: string;
                                        provider_name: string;
                                    }[];
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/linked-identities/{provider}/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ext (issue 60): start linking a provider (an OpenID provider id, or wechat) to the signed-in account */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    provider: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A path of this site to return to */
                        return_to?: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description The provider's authorization URL: the browser navigates there */
                                    authorization_url: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/linked-identities/unlink": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ext (issue 60): unlink a provider (the password, and the two-step code when on) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        current_password: string;
                        id: number;
                        /** @description A 6-digit code of the authenticator app, or a recovery code (xxxx-xxxx-xxxx) */
                        totp_code?: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @enum {boolean} */
                                    unlinked: true;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext (issue 61): the reader's own lists */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Published books in the list */
                                    book_count: number;
                                    /** Format: date-time */
                                    created_at: string;
                                    description: string;
                                    /** @description A staff pick */
                                    featured: boolean;
                                    follower_count: number;
                                    /** @description Hidden by the moderators (only the owner and the console see it) */
                                    hidden: boolean;
                                    /** @description Only for the owner and the console */
                                    hidden_reason: string | null;
                                    /** Format: uuid */
                                    list_uuid: string;
                                    name: string;
                                    owner_username: string;
                                    /** Format: date-time */
                                    updated_at: string;
                                    /** @description private: the owner only; unlisted: anyone with the link; public: listed on the reader’s lists, followable */
                                    visibility: "private" | "unlisted" | "public";
                                }[];
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        /** Ext (issue 61): create a list */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description?: string;
                        name: string;
                        /** @description private: the owner only; unlisted: anyone with the link; public: listed on the reader’s lists, followable */
                        visibility?: "private" | "unlisted" | "public";
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Published books in the list */
                                    book_count: number;
                                    books: {
                                        /** Format: date-time */
                                        added_at: string;
                                        book_title: string;
                                        book_type: "comic" | "novel";
                                        /** Format: uuid */
                                        book_uuid: string;
                                        cover_image: string | null;
                                        note: string | null;
                                        /** @description From 1 */
                                        position: number;
                                        total_chapters: number;
                                    }[];
                                    /** Format: date-time */
                                    created_at: string;
                                    description: string;
                                    /** @description A staff pick */
                                    featured: boolean;
                                    follower_count: number;
                                    /** @description The signed-in reader follows the list */
                                    following: boolean;
                                    /** @description Hidden by the moderators (only the owner and the console see it) */
                                    hidden: boolean;
                                    /** @description Only for the owner and the console */
                                    hidden_reason: string | null;
                                    /** Format: uuid */
                                    list_uuid: string;
                                    /** @description The signed-in reader owns the list */
                                    mine: boolean;
                                    name: string;
                                    owner_username: string;
                                    /** Format: date-time */
                                    updated_at: string;
                                    /** @description private: the owner only; unlisted: anyone with the link; public: listed on the reader’s lists, followable */
                                    visibility: "private" | "unlisted" | "public";
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/lists/{listUuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Ext (issue 61): delete a list */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    listUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    deleted: boolean;
                                };
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Ext (issue 61): rename a list, change its description or visibility */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    listUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description?: string;
                        name?: string;
                        /** @description private: the owner only; unlisted: anyone with the link; public: listed on the reader’s lists, followable */
                        visibility?: "private" | "unlisted" | "public";
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Published books in the list */
                                    book_count: number;
                                    books: {
                                        /** Format: date-time */
                                        added_at: string;
                                        book_title: string;
                                        book_type: "comic" | "novel";
                                        /** Format: uuid */
                                        book_uuid: string;
                                        cover_image: string | null;
                                        note: string | null;
                                        /** @description From 1 */
                                        position: number;
                                        total_chapters: number;
                                    }[];
                                    /** Format: date-time */
                                    created_at: string;
                                    description: string;
                                    /** @description A staff pick */
                                    featured: boolean;
                                    follower_count: number;
                                    /** @description The signed-in reader follows the list */
                                    following: boolean;
                                    /** @description Hidden by the moderators (only the owner and the console see it) */
                                    hidden: boolean;
                                    /** @description Only for the owner and the console */
                                    hidden_reason: string | null;
                                    /** Format: uuid */
                                    list_uuid: string;
                                    /** @description The signed-in reader owns the list */
                                    mine: boolean;
                                    name: string;
                                    owner_username: string;
                                    /** Format: date-time */
                                    updated_at: string;
                                    /** @description private: the owner only; unlisted: anyone with the link; public: listed on the reader’s lists, followable */
                                    visibility: "private" | "unlisted" | "public";
                                };
                            };
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/user/lists/{listUuid}/books/{bookUuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Ext (issue 61): add a book to a list (at the end), or set its note or place */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    bookUuid: string;
                    listUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        note?: string | null;
                        /** @description Move the book to this place (1: first) */
                        position?: number;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Published books in the list */
                                    book_count: number;
                                    books: {
                                        /** Format: date-time */
                                        added_at: string;
                                        book_title: string;
                                        book_type: "comic" | "novel";
                                        /** Format: uuid */
                                        book_uuid: string;
                                        cover_image: string | null;
                                        note: string | null;
                                        /** @description From 1 */
                                        position: number;
                                        total_chapters: number;
                                    }[];
                                    /** Format: date-time */
                                    created_at: string;
                                    description: string;
                                    /** @description A staff pick */
                                    featured: boolean;
                                    follower_count: number;
                                    /** @description The signed-in reader follows the list */
                                    following: boolean;
                                    /** @description Hidden by the moderators (only the owner and the console see it) */
                                    hidden: boolean;
                                    /** @description Only for the owner and the console */
                                    hidden_reason: string | null;
                                    /** Format: uuid */
                                    list_uuid: string;
                                    /** @description The signed-in reader owns the list */
                                    mine: boolean;
                                    name: string;
                                    owner_username: string;
                                    /** Format: date-time */
                                    updated_at: string;
                                    /** @description private: the owner only; unlisted: anyone with the link; public: listed on the reader’s lists, followable */
                                    visibility: "private" | "unlisted" | "public";
                                };
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        /** Ext (issue 61): take a book out of a list */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    bookUuid: string;
                    listUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Published books in the list */
                                    book_count: number;
                                    books: {
                                        /** Format: date-time */
                                        added_at: string;
                                        book_title: string;
                                        book_type: "comic" | "novel";
                                        /** Format: uuid */
                                        book_uuid: string;
                                        cover_image: string | null;
                                        note: string | null;
                                        /** @description From 1 */
                                        position: number;
                                        total_chapters: number;
                                    }[];
                                    /** Format: date-time */
                                    created_at: string;
                                    description: string;
                                    /** @description A staff pick */
                                    featured: boolean;
                                    follower_count: number;
                                    /** @description The signed-in reader follows the list */
                                    following: boolean;
                                    /** @description Hidden by the moderators (only the owner and the console see it) */
                                    hidden: boolean;
                                    /** @description Only for the owner and the console */
                                    hidden_reason: string | null;
                                    /** Format: uuid */
                                    list_uuid: string;
                                    /** @description The signed-in reader owns the list */
                                    mine: boolean;
                                    name: string;
                                    owner_username: string;
                                    /** Format: date-time */
                                    updated_at: string;
                                    /** @description private: the owner only; unlisted: anyone with the link; public: listed on the reader’s lists, followable */
                                    visibility: "private" | "unlisted" | "public";
                                };
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/lists/{listUuid}/follow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Ext (issue 61): follow someone's public list */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    listUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    following: boolean;
                                };
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        /** Ext (issue 61): stop following a list */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    listUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    following: boolean;
                                };
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/lists/{listUuid}/order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Ext (issue 61): put the books of a list in a new order */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    listUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Every book of the list, each once, in the new order */
                        book_uuids: string[];
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Published books in the list */
                                    book_count: number;
                                    books: {
                                        /** Format: date-time */
                                        added_at: string;
                                        book_title: string;
                                        book_type: "comic" | "novel";
                                        /** Format: uuid */
                                        book_uuid: string;
                                        cover_image: string | null;
                                        note: string | null;
                                        /** @description From 1 */
                                        position: number;
                                        total_chapters: number;
                                    }[];
                                    /** Format: date-time */
                                    created_at: string;
                                    description: string;
                                    /** @description A staff pick */
                                    featured: boolean;
                                    follower_count: number;
                                    /** @description The signed-in reader follows the list */
                                    following: boolean;
                                    /** @description Hidden by the moderators (only the owner and the console see it) */
                                    hidden: boolean;
                                    /** @description Only for the owner and the console */
                                    hidden_reason: string | null;
                                    /** Format: uuid */
                                    list_uuid: string;
                                    /** @description The signed-in reader owns the list */
                                    mine: boolean;
                                    name: string;
                                    owner_username: string;
                                    /** Format: date-time */
                                    updated_at: string;
                                    /** @description private: the owner only; unlisted: anyone with the link; public: listed on the reader’s lists, followable */
                                    visibility: "private" | "unlisted" | "public";
                                };
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        password: string;
                        /** @description A 6-digit code of the authenticator app, or a recovery code (xxxx-xxxx-xxxx) */
                        totp_code?: string;
                        username: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /**
                                 * @description Ext (issue 43): only when this login cancelled a pending deletion of the account
                                 * @enum {boolean}
                                 */
                                deletion_cancelled?: true;
                                jwt_token: string;
                                username: string;
                                /** Format: uuid */
                                uuid: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The logged-in user */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** Format: date-time */
                                    created_at: string;
                                    /** @description The account's e-mail address (confirmed or waiting for confirmation); never shown to others */
                                    email: string | null;
                                    /** @description The address was confirmed by the link sent to it; only then can the account be recovered */
                                    email_confirmed: boolean;
                                    role: "user" | "admin";
                                    /** @description Two-step sign-in is on */
                                    totp_enabled: boolean;
                                    username: string;
                                    /** Format: uuid */
                                    uuid: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/membership/renewal_offer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The same plan again in one tap, offered to a one-time member whose membership ends within 7 days; null otherwise */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    currency: string;
                                    /**
                                     * Format: date-time
                                     * @description When the current membership ends
                                     */
                                    ends_at: string;
                                    plan: "month" | "season";
                                    price: number;
                                } | null;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/membership/subscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The reader's renewing membership; null when none */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    can_cancel: boolean;
                                    can_manage_payment: boolean;
                                    can_resume: boolean;
                                    currency: string;
                                    /**
                                     * Format: date-time
                                     * @description The end of the paid time (the membership end)
                                     */
                                    ends_at: string | null;
                                    /**
                                     * Format: date-time
                                     * @description While past due: reading stops then unless the payment goes through
                                     */
                                    grace_until: string | null;
                                    plan: "month" | "season";
                                    price: number;
                                    /** @description wechat: a WeChat Pay deduction contract (委托代扣), charged by us before each period ends */
                                    provider: "stripe" | "sandbox" | "wechat";
                                    /**
                                     * Format: date-time
                                     * @description The next renewal (state renewing)
                                     */
                                    renews_at: string | null;
                                    state: "renewing" | "canceling" | "past_due" | "ended";
                                } | null;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/membership/subscription/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop the renewal: the membership runs to the end of the paid time, nothing more is charged */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Optional: why the reader stops (never required) */
                        reason?: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    can_cancel: boolean;
                                    can_manage_payment: boolean;
                                    can_resume: boolean;
                                    currency: string;
                                    /**
                                     * Format: date-time
                                     * @description The end of the paid time (the membership end)
                                     */
                                    ends_at: string | null;
                                    /**
                                     * Format: date-time
                                     * @description While past due: reading stops then unless the payment goes through
                                     */
                                    grace_until: string | null;
                                    plan: "month" | "season";
                                    price: number;
                                    /** @description wechat: a WeChat Pay deduction contract (委托代扣), charged by us before each period ends */
                                    provider: "stripe" | "sandbox" | "wechat";
                                    /**
                                     * Format: date-time
                                     * @description The next renewal (state renewing)
                                     */
                                    renews_at: string | null;
                                    state: "renewing" | "canceling" | "past_due" | "ended";
                                } | null;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/membership/subscription/portal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A link to Stripe's customer portal (change the card) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** Format: uri */
                                    url: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/membership/subscription/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a stopped renewal before its end */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    can_cancel: boolean;
                                    can_manage_payment: boolean;
                                    can_resume: boolean;
                                    currency: string;
                                    /**
                                     * Format: date-time
                                     * @description The end of the paid time (the membership end)
                                     */
                                    ends_at: string | null;
                                    /**
                                     * Format: date-time
                                     * @description While past due: reading stops then unless the payment goes through
                                     */
                                    grace_until: string | null;
                                    plan: "month" | "season";
                                    price: number;
                                    /** @description wechat: a WeChat Pay deduction contract (委托代扣), charged by us before each period ends */
                                    provider: "stripe" | "sandbox" | "wechat";
                                    /**
                                     * Format: date-time
                                     * @description The next renewal (state renewing)
                                     */
                                    renews_at: string | null;
                                    state: "renewing" | "canceling" | "past_due" | "ended";
                                } | null;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The reader's passkeys (names and dates, never keys) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Oldest first */
                                result: {
                                    /** @description Synced to other devices (a multi-device passkey) */
                                    backed_up: boolean;
                                    /** Format: date-time */
                                    created_at: string;
                                    id: number;
                                    /** Format: date-time */
                                    last_used_at: string | null;
                                    name: string;
                                }[];
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        /** Register the passkey the browser made from the registration options */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        credential: {
                            authenticatorAttachment?: "platform" | "cross-platform";
                            clientExtensionResults: {
                                credProps?: {
                                    rk?: boolean;
                                };
                            };
                            id: string;
                            rawId: string;
                            response: {
                                attestationObject: string;
                                authenticatorData?: string;
                                clientDataJSON: string;
                                publicKey?: string;
                                publicKeyAlgorithm?: number;
                                transports?: string[];
                            };
                            /** @enum {string} */
                            type: "public-key";
                        };
                        /** @description The reader's name for the passkey */
                        name?: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Synced to other devices (a multi-device passkey) */
                                    backed_up: boolean;
                                    /** Format: date-time */
                                    created_at: string;
                                    id: number;
                                    /** Format: date-time */
                                    last_used_at: string | null;
                                    name: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/passkeys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Rename a passkey */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The reader's name for the passkey */
                        name: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Synced to other devices (a multi-device passkey) */
                                    backed_up: boolean;
                                    /** Format: date-time */
                                    created_at: string;
                                    id: number;
                                    /** Format: date-time */
                                    last_used_at: string | null;
                                    name: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/passkeys/{id}/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove a passkey: needs the current password, or a fresh assertion of one of your passkeys */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        assertion?: {
                            authenticatorAttachment?: "platform" | "cross-platform";
                            clientExtensionResults: {
                                credProps?: {
                                    rk?: boolean;
                                };
                            };
                            id: string;
                            rawId: string;
                            response: {
                                authenticatorData: string;
                                clientDataJSON: string;
                                signature: string;
                                userHandle?: string;
                            };
                            /** @enum {string} */
                            type: "public-key";
                        };
                        password?: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @enum {boolean} */
                                    removed: true;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/passkeys/confirm/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Options for navigator.credentials.get() over the reader's own passkeys (to remove one without the password) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    allowCredentials?: {
                                        id: string;
                                        transports?: string[];
                                        type: string;
                                    }[];
                                    challenge: string;
                                    rpId?: string;
                                    timeout?: number;
                                    userVerification?: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/passkeys/registration/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Options for navigator.credentials.create(): a new passkey (discoverable, user verification required) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    attestation?: string;
                                    authenticatorSelection?: {
                                        authenticatorAttachment?: string;
                                        requireResidentKey?: boolean;
                                        residentKey?: string;
                                        userVerification?: string;
                                    };
                                    challenge: string;
                                    excludeCredentials?: {
                                        id: string;
                                        transports?: string[];
                                        type: string;
                                    }[];
                                    extensions?: {
                                        credProps?: boolean;
                                    };
                                    hints?: string[];
                                    pubKeyCredParams: {
                                        alg: number;
                                        type: string;
                                    }[];
                                    rp: {
                                        id?: string;
                                        name: string;
                                    };
                                    timeout?: number;
                                    user: {
                                        displayName: string;
                                        id: string;
                                        name: string;
                                    };
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/password/forgot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask for a password reset link by user name or e-mail: always 202 with the same body */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        login: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @enum {boolean} */
                                    accepted: true;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/password/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with passkeys only: remove the password (needs a passkey, and a confirmed e-mail address or unused recovery codes) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        current_password: string;
                        /** @description A 6-digit code of the authenticator app, or a recovery code (xxxx-xxxx-xxxx) */
                        totp_code?: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @enum {boolean} */
                                    password_removed: true;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/password/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with a reset link's token; every older login token stops working */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        new_password: string;
                        token: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @enum {boolean} */
                                    updated: true;
                                    /** @description The account whose password was set, so the client can log in with it */
                                    username: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/password/state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the account has a password (the profile offers "passkeys only" while it has one and a passkey) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description False for an account without a password (passkey-only, or made through a provider) */
                                    has_password: boolean;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/push/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send new-chapter notices of followed books to this browser's push subscription */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: uri
                         * @description The push service URL from the browser's PushSubscription (https; never a private or loopback address)
                         */
                        endpoint: string;
                        keys: {
                            /** @description The authentication secret (16 bytes) */
                            auth: string;
                            /** @description The browser's P-256 public key (65 bytes) */
                            p256dh: string;
                        };
                        /** @description The language of the notices */
                        language?: "zh-cn" | "en-us" | "fr-fr" | "es-es" | "ar-sa";
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    subscribed: boolean;
                                };
                            };
                        };
                    };
                };
            };
        };
        /** Stop notices to this browser */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        endpoint: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    subscribed: boolean;
                                };
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/reading_preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext: the reader's reading defaults (comic mode, direction, fit; novel font, spacing, margins, theme) and per-book choices */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Per-book choices of published books, most recently changed first */
                                    books: {
                                        /** Format: uuid */
                                        book_uuid: string;
                                        /** @description Double pages: the first page is shown alone, so the pairs after it fall right */
                                        cover_alone: boolean | null;
                                        direction: ("ltr" | "rtl") | (never | null);
                                        fit: ("width" | "height" | "original") | (never | null);
                                        mode: ("strip" | "single" | "double") | (never | null);
                                        /** Format: date-time */
                                        updated_at: string;
                                    }[];
                                    defaults: {
                                        /** @description Double pages: the first page is shown alone, so the pairs after it fall right */
                                        cover_alone: boolean | null;
                                        direction: ("ltr" | "rtl") | (never | null);
                                        fit: ("width" | "height" | "original") | (never | null);
                                        font_family: ("serif" | "sans") | (never | null);
                                        /** @description Novels: CSS pixels */
                                        font_size: number | null;
                                        /** @description Novels: line height as a multiple of the font size, in steps of 0.1 */
                                        line_spacing: number | null;
                                        /** @description Novels: side margins in CSS pixels */
                                        margins: number | null;
                                        mode: ("strip" | "single" | "double") | (never | null);
                                        theme: ("system" | "light" | "sepia" | "dark") | (never | null);
                                    };
                                };
                            };
                        };
                    };
                };
            };
        };
        /** Ext: change reading defaults (null unsets a field) and per-book choices (at most 50 a call; clear: true removes one); answers the new state */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        books?: {
                            /** Format: uuid */
                            book_uuid: string;
                            /**
                             * @description Removes the override: the book follows its own settings again
                             * @enum {boolean}
                             */
                            clear?: true;
                            /** @description Double pages: the first page is shown alone, so the pairs after it fall right */
                            cover_alone?: boolean | null;
                            direction?: ("ltr" | "rtl") | (never | null);
                            fit?: ("width" | "height" | "original") | (never | null);
                            mode?: ("strip" | "single" | "double") | (never | null);
                        }[];
                        defaults?: {
                            /** @description Double pages: the first page is shown alone, so the pairs after it fall right */
                            cover_alone?: boolean | null;
                            direction?: ("ltr" | "rtl") | (never | null);
                            fit?: ("width" | "height" | "original") | (never | null);
                            font_family?: ("serif" | "sans") | (never | null);
                            /** @description Novels: CSS pixels */
                            font_size?: number | null;
                            /** @description Novels: line height as a multiple of the font size, in steps of 0.1 */
                            line_spacing?: number | null;
                            /** @description Novels: side margins in CSS pixels */
                            margins?: number | null;
                            mode?: ("strip" | "single" | "double") | (never | null);
                            theme?: ("system" | "light" | "sepia" | "dark") | (never | null);
                        };
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Per-book choices of published books, most recently changed first */
                                    books: {
                                        /** Format: uuid */
                                        book_uuid: string;
                                        /** @description Double pages: the first page is shown alone, so the pairs after it fall right */
                                        cover_alone: boolean | null;
                                        direction: ("ltr" | "rtl") | (never | null);
                                        fit: ("width" | "height" | "original") | (never | null);
                                        mode: ("strip" | "single" | "double") | (never | null);
                                        /** Format: date-time */
                                        updated_at: string;
                                    }[];
                                    defaults: {
                                        /** @description Double pages: the first page is shown alone, so the pairs after it fall right */
                                        cover_alone: boolean | null;
                                        direction: ("ltr" | "rtl") | (never | null);
                                        fit: ("width" | "height" | "original") | (never | null);
                                        font_family: ("serif" | "sans") | (never | null);
                                        /** @description Novels: CSS pixels */
                                        font_size: number | null;
                                        /** @description Novels: line height as a multiple of the font size, in steps of 0.1 */
                                        line_spacing: number | null;
                                        /** @description Novels: side margins in CSS pixels */
                                        margins: number | null;
                                        mode: ("strip" | "single" | "double") | (never | null);
                                        theme: ("system" | "light" | "sepia" | "dark") | (never | null);
                                    };
                                };
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description An e-mail address (at most 254 characters, no IP literals) */
                        email?: string;
                        invite_code?: string | null;
                        password: string;
                        /** @description The privacy policy version the form showed */
                        privacy_version?: number;
                        /** @description The terms version the form showed */
                        terms_version?: number;
                        /** @description Client product name */
                        user_type?: string;
                        /** @description 4–16 characters, letters of any script and digits only */
                        username: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                username: string;
                                /** Format: uuid */
                                uuid: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/security/sign-ins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The reader's latest sign-ins (method, provider, when), newest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Newest first, at most 20 */
                                result: {
                                    /** Format: date-time */
                                    at: string;
                                    method: "password" | "passkey" | "oidc" | "wechat";
                                    /** @description An OpenID provider's id (method oidc); null otherwise */
                                    provider: string | null;
                                }[];
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/sign_out_everywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ext: sign out everywhere; every token issued so far stops working, the caller gets a new one */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description A new token for this client */
                                    jwt_token: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/statuses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext (issue 61): one tab of the library: the books under a status, a page, with the count of every status */
        get: {
            parameters: {
                query: {
                    /** @description zh-cn, en-us, fr-fr, es-es or ar-sa (case-insensitive) */
                    language?: string;
                    page: number;
                    page_size: number;
                    /** @description status_changed: filed most recently first; updated: the book’s newest chapter first */
                    sort: "status_changed" | "updated";
                    /** @description reading, plan_to_read, on_hold, re_reading, completed or dropped */
                    status: "reading" | "plan_to_read" | "on_hold" | "re_reading" | "completed" | "dropped";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Books under each status (published ones) */
                                    counts: {
                                        completed: number;
                                        dropped: number;
                                        on_hold: number;
                                        plan_to_read: number;
                                        re_reading: number;
                                        reading: number;
                                    };
                                    items: {
                                        book_title: string;
                                        book_type: "comic" | "novel";
                                        /** Format: uuid */
                                        book_uuid: string;
                                        cover_image: string | null;
                                        resume: {
                                            chapter_number: number;
                                            chapter_title: string;
                                            /** Format: uuid */
                                            chapter_uuid: string;
                                            page_index: number | null;
                                            page_offset: number | null;
                                            text_fraction: number | null;
                                        } | null;
                                        /** @description reading, plan_to_read, on_hold, re_reading, completed or dropped */
                                        status: "reading" | "plan_to_read" | "on_hold" | "re_reading" | "completed" | "dropped";
                                        /** Format: date-time */
                                        status_changed_at: string;
                                        /** @description Published chapters */
                                        total_chapters: number;
                                        /**
                                         * Format: date-time
                                         * @description When the book last changed (a chapter was added)
                                         */
                                        updated_at: string;
                                    }[];
                                    total: number;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/statuses/{bookUuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext (issue 61): the reader's status of a book (null: none) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    bookUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description true: the reader set it; false: the site did (reading, at the first chapter opened) */
                                    chosen: boolean;
                                    status: ("reading" | "plan_to_read" | "on_hold" | "re_reading" | "completed" | "dropped") | (never | null);
                                    /** Format: date-time */
                                    updated_at: string | null;
                                };
                            };
                        };
                    };
                };
            };
        };
        /** Ext (issue 61): file a book under a status (replaces its status) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    bookUuid: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description reading, plan_to_read, on_hold, re_reading, completed or dropped */
                        status: "reading" | "plan_to_read" | "on_hold" | "re_reading" | "completed" | "dropped";
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description true: the reader set it; false: the site did (reading, at the first chapter opened) */
                                    chosen: boolean;
                                    status: ("reading" | "plan_to_read" | "on_hold" | "re_reading" | "completed" | "dropped") | (never | null);
                                    /** Format: date-time */
                                    updated_at: string | null;
                                };
                            };
                        };
                    };
                };
            };
        };
        post?: never;
        /** Ext (issue 61): take a book out of every status */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    bookUuid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description true: the reader set it; false: the site did (reading, at the first chapter opened) */
                                    chosen: boolean;
                                    status: ("reading" | "plan_to_read" | "on_hold" | "re_reading" | "completed" | "dropped") | (never | null);
                                    /** Format: date-time */
                                    updated_at: string | null;
                                };
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/statuses/counts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext (issue 61): how many books the reader filed under each status */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Books under each status (published ones) */
                                result: {
                                    completed: number;
                                    dropped: number;
                                    on_hold: number;
                                    plan_to_read: number;
                                    re_reading: number;
                                    reading: number;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/statuses/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ext (issue 61): file books under the statuses of a MyAnimeList, AniList or MangaDex export (dry_run: report only) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The file: text, or base64 (see encoding) */
                        content: string;
                        /** @description Report only; change nothing (default false) */
                        dry_run?: boolean;
                        /** @description text (default) or base64 (a gzipped file must be base64) */
                        encoding?: "text" | "base64";
                        /** @description mal: MyAnimeList manga list XML (.xml or .xml.gz); anilist: MediaListCollection JSON; mangadex: reading-status JSON */
                        format: "mal" | "anilist" | "mangadex";
                        /** @description Replace statuses the reader chose (default false) */
                        overwrite?: boolean;
                        /** @description mangadex only: the titles file, text */
                        titles?: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    already_set: number;
                                    ambiguous: number;
                                    dry_run: boolean;
                                    entries: {
                                        book: {
                                            title: string;
                                            uuid: string;
                                        } | null;
                                        candidates: {
                                            title: string;
                                            uuid: string;
                                        }[];
                                        outcome: "matched" | "already_set" | "unmatched" | "ambiguous" | "invalid";
                                        reason: string | null;
                                        source_id: string | null;
                                        source_title: string | null;
                                        status: ("reading" | "plan_to_read" | "on_hold" | "re_reading" | "completed" | "dropped") | (never | null);
                                    }[];
                                    entries_truncated: boolean;
                                    invalid: number;
                                    matched: number;
                                    total: number;
                                    unmatched: number;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/totp/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn two-step sign-in off (the current password and a code or a recovery code) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A 6-digit code of the authenticator app, or a recovery code (xxxx-xxxx-xxxx) */
                        code: string;
                        /** @description The current password */
                        password: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @enum {boolean} */
                                    disabled: true;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/totp/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn two-step sign-in on with a first code; answers the ten recovery codes, once */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The 6-digit code of the authenticator app */
                        code: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Ten single-use codes, shown this once */
                                    recovery_codes: string[];
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/totp/recovery_codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new set of ten recovery codes (the old ones stop working) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A 6-digit code of the authenticator app, or a recovery code (xxxx-xxxx-xxxx) */
                        code: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description Ten single-use codes, shown this once */
                                    recovery_codes: string[];
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/totp/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start setting up two-step sign-in: a new secret and its QR code (pending until enabled) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The current password */
                        password: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    /** @description otpauth://totp/… URL (what the QR code holds) */
                                    otpauth_url: string;
                                    /** @description The QR code of otpauth_url as an SVG document */
                                    qr_svg: string;
                                    /** @description Base32 secret, for typing into the app by hand */
                                    secret: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/update_password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the password; every older token stops working */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The password being replaced */
                        current_password: string;
                        new_password: string;
                    };
                };
            };
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    jwt_token: string;
                                    /** @enum {boolean} */
                                    updated: true;
                                };
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/user/wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ext: the coin balance and its history, newest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                "4XX": components["responses"]["Failure"];
                "5XX": components["responses"]["Failure"];
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                result: {
                                    balance: number;
                                    /** @description Bonus coins that will expire, soonest first */
                                    expiring: {
                                        coins: number;
                                        /** Format: date-time */
                                        expires_at: string;
                                    }[];
                                    /** @description The latest 100 entries, newest first */
                                    history: {
                                        /** Format: date-time */
                                        at: string;
                                        balance_after: number;
                                        book_title: string | null;
                                        /** Format: uuid */
                                        book_uuid: string | null;
                                        chapter_number: number | null;
                                        /** Format: uuid */
                                        chapter_uuid: string | null;
                                        /** @description Signed: credits are positive, spending, refunds and expiry negative */
                                        coins: number;
                                        kind: "purchase" | "bonus" | "grant" | "unlock" | "refund" | "reversal" | "expiry" | "rental" | "auto_unlock" | "bulk_unlock" | "undo_refund";
                                        /** @description The coin pack order (purchase, bonus, refund) */
                                        order_id: string | null;
                                        /** @description An operator's grant: why; a reversal: which refund */
                                        reason: string | null;
                                    }[];
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: {
        /** @description A failure: stable code, readable message, per-field details (docs/API.md) */
        Failure: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    /** @description Stable error code */
                    code: string;
                    details?: {
                        field: string;
                        message: string;
                    }[];
                    /** @description Readable English message */
                    error: string;
                };
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
