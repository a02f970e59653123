package io.github.hessiantime.interop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The figures docs/dubbo.md quotes from a test: the test that produces a figure asks here that the docs quote its own
 * value, so a changed test (or a docs edit) that makes them differ fails the build instead of leaving a stale number.
 */
final class DocsQuotes {
    private DocsQuotes() {
    }

    /** Fails unless docs/dubbo.md contains {@code quote}, line breaks in the docs read as spaces. */
    static void assertDubboDocsQuote(String quote) throws IOException {
        String docs = Files.readString(Path.of(System.getProperty("interop.docs"), "dubbo.md")).replaceAll("\\s+", " ");
        assertTrue(docs.contains(quote), "docs/dubbo.md should quote this test's figure as \"" + quote + "\"");
    }
}
