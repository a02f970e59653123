package io.github.hessiantime;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The layers stay layers: no class file of the payload layer names a class of hessian-lite, of the hessian layer or
 * of the Dubbo glue, and none of the hessian layer names the Dubbo glue. Read from the compiled classes, so an import
 * added anywhere, even one that only a signature or a lambda uses, fails here.
 */
class LayeringTest {
    private static final Path CLASSES = Paths.get(System.getProperty("hessiantime.mainClasses"));

    @Test
    void thePayloadLayerIsHessianFree() throws IOException {
        assertNamesNone("io/github/hessiantime/payload", "com/alibaba/", "io/github/hessiantime/hessian/",
                "io/github/hessiantime/dubbo/");
    }

    @Test
    void theHessianLayerIsBelowTheDubboGlue() throws IOException {
        assertNamesNone("io/github/hessiantime/hessian", "io/github/hessiantime/dubbo/", "org/apache/dubbo/");
    }

    private static void assertNamesNone(String layer, String... forbidden) throws IOException {
        List<Path> classes;
        try (Stream<Path> files = Files.walk(CLASSES.resolve(layer))) {
            classes = files.filter(p -> p.toString().endsWith(".class")).collect(Collectors.toList());
        }
        assertTrue(classes.size() >= 10, layer + " has only " + classes);
        for (Path file : classes) {
            // class names stand in the constant pool as plain ASCII, internal form
            String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
            for (String name : forbidden) {
                assertFalse(text.contains(name), CLASSES.relativize(file) + " names " + name);
            }
        }
    }
}
