jest.setTimeout(180000);
