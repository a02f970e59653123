package io.github.hessiantime.dubbo;

import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.model.PackableMethodFactory;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Dubbo internals hessian-time's Triple support relies on (see {@link TripleSupport}) are there, with the
 * signatures it calls, in the Dubbo it is built against (3.3.6; the interop tests run the same check in 3.2.16 and
 * 3.2.19 peers). If a Dubbo upgrade changes one, this test names it; at run time Triple support would step aside with
 * one warning instead of failing calls.
 */
class TripleLinkageTest {

    @Test
    void everyMemberTripleSupportReliesOnIsThere() {
        assertEquals(List.of(), TripleSupport.missingMembers(TripleSupport.class.getClassLoader()));
        assertNull(TripleSupport.UNAVAILABLE);
    }

    @Test
    void aMissingMemberIsNamed() {
        // a class loader without Triple's packable-method SPI, as Dubbo 2.7 (or a future Dubbo) would be
        ClassLoader withoutTheSpi = new ClassLoader(TripleSupport.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                if (name.startsWith("org.apache.dubbo.rpc.model.PackableMethod")) {
                    throw new ClassNotFoundException(name);
                }
                return super.loadClass(name, resolve);
            }
        };
        List<String> missing = TripleSupport.missingMembers(withoutTheSpi);
        assertTrue(missing.contains("org.apache.dubbo.rpc.model.PackableMethodFactory#create"), missing.toString());
        assertTrue(missing.contains("org.apache.dubbo.rpc.model.PackableMethod#getResponsePack"), missing.toString());
        assertEquals(7, missing.size(), missing.toString());
    }

    @Test
    void dubbosDefaultPackableMethodFactoryIsWrappedAndOnlyIt() {
        FrameworkModel framework = new FrameworkModel();
        try {
            PackableMethodFactory factory = framework.getExtensionLoader(PackableMethodFactory.class)
                    .getExtension("default");
            assertInstanceOf(Hessian2TimePackableMethodFactory.class, factory);
            assertEquals(java.util.Set.of("default"),
                    framework.getExtensionLoader(PackableMethodFactory.class).getSupportedExtensions(),
                    "a wrapper, not an extension of its own");
        } finally {
            framework.destroy();
        }
    }
}
