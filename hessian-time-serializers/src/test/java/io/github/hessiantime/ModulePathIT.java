package io.github.hessiantime;

import org.junit.jupiter.api.Test;

import io.github.hessiantime.testsupport.ChildJvm;
import io.github.hessiantime.testsupport.ChildProtocol;
import modulepath.ModulePathProbe;

import java.io.File;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged jar on the module path: an automatic module with the stable name of its manifest, no module descriptor
 * anywhere (hessian-lite and Dubbo declare no module names, so a descriptor could only require names guessed from
 * their jar files, see {@link PublicApiTest}), and it works there: beside hessian-lite, itself an automatic module, it
 * writes and reads a value.
 */
class ModulePathIT {
    private static final Path JAR = Paths.get(System.getProperty("hessiantime.jar"));
    private static final Path HESSIAN_LITE = Paths.get(System.getProperty("hessiantime.oldReaders"),
            "hessian-lite-4.0.4.jar");
    private static final String NAME = "io.github.hessiantime";

    @Test
    void theJarIsTheAutomaticModuleIoGithubHessiantimeWithoutADescriptor() throws IOException {
        Set<ModuleReference> modules = ModuleFinder.of(JAR).findAll();
        assertEquals(1, modules.size(), modules.toString());
        ModuleDescriptor descriptor = modules.iterator().next().descriptor();
        assertEquals(NAME, descriptor.name());
        assertTrue(descriptor.isAutomatic(), "an automatic module, named by the manifest: " + descriptor);
        assertTrue(descriptor.packages().containsAll(List.of("io.github.hessiantime", "io.github.hessiantime.dubbo")),
                descriptor.packages().toString());
        try (JarFile jar = new JarFile(JAR.toFile())) {
            assertEquals(NAME, jar.getManifest().getMainAttributes().getValue("Automatic-Module-Name"));
            assertNull(jar.getManifest().getMainAttributes().getValue("Multi-Release"));
            List<String> descriptors = jar.stream().map(entry -> entry.getName())
                    .filter(name -> name.endsWith("module-info.class")).collect(Collectors.toList());
            assertEquals(List.of(), descriptors);
        }
    }

    /** {@code modulepath.ModulePathProbe} in a JVM of its own, the library and hessian-lite on its module path. */
    @Test
    void onTheModulePathBesideHessianLiteItWritesAndReadsAValue() throws Exception {
        String modulePath = JAR + File.pathSeparator + HESSIAN_LITE;
        try (ChildJvm probe = ChildJvm.launch(ModulePathProbe.class.getName())
                .classpath(List.of(codeOf(ModulePathProbe.class), codeOf(ChildProtocol.class)))
                .jvmArgs("--module-path", modulePath, "--add-modules", NAME + ",hessian.lite")
                .log(JAR.resolveSibling("module-path-probe.log")).start("module-path-probe")) {
            ChildJvm.Answer answer = probe.awaitLine(60_000);
            assertEquals("OK module=" + NAME + " automatic=true hessian-lite=hessian.lite instant-bytes=27 equal=true",
                    answer.line(), "27 bytes: the README's example");
        }
    }

    private static Path codeOf(Class<?> type) throws URISyntaxException {
        return Paths.get(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
