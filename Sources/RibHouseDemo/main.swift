print("ribhouse")
