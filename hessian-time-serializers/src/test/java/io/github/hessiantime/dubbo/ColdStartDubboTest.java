package io.github.hessiantime.dubbo;

import io.github.hessiantime.ColdStartDefinitionsTest;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.common.utils.SerializeCheckStatus;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 24 through Dubbo's SPI: a cold start of {@code hessian2-time} (a fresh framework, so fresh factories), 64
 * threads writing their first message at once; each message defines each inline class once
 * ({@link ColdStartDefinitionsTest}).
 */
class ColdStartDubboTest {
    private static final int ROUNDS = 15;

    @Test
    void everyMessageOfAColdStartOverHessian2TimeDefinesEachClassOnce() throws Exception {
        List<FrameworkModel> frameworks = new ArrayList<>();
        try {
            int duplicates = ColdStartDefinitionsTest.duplicates(ROUNDS, () -> {
                FrameworkModel framework = new FrameworkModel();
                frameworks.add(framework);
                framework.getBeanFactory().getBean(org.apache.dubbo.common.utils.SerializeSecurityManager.class)
                        .setCheckStatus(SerializeCheckStatus.WARN);
                URL url = URL.valueOf("dubbo://127.0.0.1:20880/ColdStart").setScopeModel(framework.newApplication());
                Serialization serialization = framework.getExtensionLoader(Serialization.class)
                        .getExtension(Hessian2TimeSerialization.NAME);
                return page -> {
                    try {
                        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                        ObjectOutput output = serialization.serialize(url, bytes);
                        output.writeObject(page);
                        output.flushBuffer();
                        return bytes.toByteArray();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                };
            });
            assertEquals(0, duplicates, "messages with a class defined twice, of "
                    + ROUNDS * ColdStartDefinitionsTest.THREADS);
        } finally {
            frameworks.forEach(FrameworkModel::destroy);
        }
    }
}
